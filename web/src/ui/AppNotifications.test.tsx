// Several toasts at once: only the first few show, at the top centre; the rest wait and show as earlier ones close.
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppNotifications, TOAST_LIMIT } from './AppNotifications';

afterEach(() => {
  act(() => {
    notifications.cleanQueue();
    notifications.clean();
  });
});

const shown = () => screen.queryAllByText(/^Toast \d$/).map((el) => el.textContent);

describe('AppNotifications', () => {
  it('shows at most three toasts at the top centre and the next one when one closes', async () => {
    expect(TOAST_LIMIT).toBe(3);
    render(
      <MantineProvider env="test">
        <AppNotifications />
      </MantineProvider>,
    );
    act(() => {
      for (let i = 1; i <= 5; i++) notifications.show({ id: `t${i}`, message: `Toast ${i}`, autoClose: false });
    });
    expect(shown()).toEqual(['Toast 1', 'Toast 2', 'Toast 3']);
    expect(screen.getByText('Toast 1').closest('[data-position]')?.getAttribute('data-position')).toBe('top-center');

    act(() => notifications.hide('t1'));
    // The closed toast leaves through its exit transition, which a busy machine may still be running.
    await waitFor(() => expect(shown()).toEqual(['Toast 2', 'Toast 3', 'Toast 4']));
  });
});
