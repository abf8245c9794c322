import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeMarkdown } from './SafeMarkdown';

describe('SafeMarkdown', () => {
  it('renders headings, emphasis, lists and http links', () => {
    const { container } = render(<SafeMarkdown text={'# Welcome\nWe are **Acme** and _friendly_.\n\n- one\n- two\n\n[Site](https://acme.example)'} />);
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(container.querySelector('strong')?.textContent).toBe('Acme');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(screen.getByRole('link', { name: 'Site' }).getAttribute('href')).toBe('https://acme.example');
  });

  it('never turns the text into markup or a script link', () => {
    const { container } = render(<SafeMarkdown text={'<img src=x onerror="alert(1)"> <script>alert(2)</script> [click](javascript:alert(3))'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });

  it('keeps mailto links and drops other schemes and images', () => {
    const { container } = render(<SafeMarkdown text={'[Mail us](mailto:hi@acme.example) [data](data:text/html,x) ![logo](https://acme.example/x.png)'} />);
    expect(screen.getByRole('link', { name: 'Mail us' }).getAttribute('href')).toBe('mailto:hi@acme.example');
    expect(container.querySelectorAll('a')).toHaveLength(1);
    expect(container.querySelector('img')).toBeNull();
  });
});
