import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RouteBoundary } from './RouteBoundary';

describe('render-error fallback', () => {
  it('shows "Something went wrong" and Try again renders the page again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function Page() {
      if (broken) throw new Error('boom');
      return <p>Page content</p>;
    }
    render(
      <MantineProvider env="test">
        <RouteBoundary>
          <Page />
        </RouteBoundary>
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.queryByText('Page content')).toBeNull();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Page content')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('clears the error when the route changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Boom = () => {
      throw new Error('boom');
    };
    const { rerender } = render(
      <MantineProvider env="test">
        <RouteBoundary resetKey="/a">
          <Boom />
        </RouteBoundary>
      </MantineProvider>,
    );
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    rerender(
      <MantineProvider env="test">
        <RouteBoundary resetKey="/b">
          <p>Other page</p>
        </RouteBoundary>
      </MantineProvider>,
    );
    expect(screen.getByText('Other page')).toBeTruthy();
  });
});
