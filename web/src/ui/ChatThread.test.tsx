// A conversation's messages scroll in a named region that a keyboard user can focus to scroll.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatMessages } from './ChatThread';

describe('ChatMessages', () => {
  it('is a region named by its label that takes focus, holding the messages', () => {
    render(
      <MantineProvider env="test">
        <ChatMessages label="Transcript" height={200} newest={1}>
          <p>Hello there</p>
        </ChatMessages>
      </MantineProvider>,
    );
    const region = screen.getByRole('region', { name: 'Transcript' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.textContent).toContain('Hello there');
  });
});
