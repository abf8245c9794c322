import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AGENCY_CSS_CLASSES, BrandPreview } from './BrandPreview';

function renderPreview(customCSS: string) {
  render(
    <MantineProvider env="test">
      <header className="agency-header" data-testid="dashboard-header">
        Dashboard around the preview
      </header>
      <button type="button" className="agency-button">
        Dashboard button
      </button>
      <BrandPreview look={{ name: 'Acme', customCSS }} disablePasswordLogin={false} />
    </MantineProvider>,
  );
  const root = screen.getByTestId('preview-shadow-host').shadowRoot;
  if (!root) throw new Error('the preview has no shadow root');
  return root;
}

describe('BrandPreview', () => {
  it("shows the agency's custom CSS in the preview and never on the dashboard around it", async () => {
    const root = renderPreview('.agency-header { color: rgb(255, 0, 0) } .agency-button { display: none }');
    await waitFor(() => expect(root.querySelector('[data-testid="preview-dashboard"] .agency-header')).toBeTruthy());
    const previewHeader = root.querySelector<HTMLElement>('[data-testid="preview-dashboard"] .agency-header')!;
    expect(previewHeader.textContent).toContain('Acme');
    expect(getComputedStyle(previewHeader).color).toBe('rgb(255, 0, 0)');
    const previewButton = root.querySelector<HTMLElement>('[data-testid="preview-login"] .agency-button')!;
    expect(getComputedStyle(previewButton).display).toBe('none');

    expect(getComputedStyle(screen.getByTestId('dashboard-header')).color).not.toBe('rgb(255, 0, 0)');
    expect(getComputedStyle(screen.getByRole('button', { name: 'Dashboard button' })).display).not.toBe('none');
    // The CSS lives inside the preview only: no style element on the page carries it.
    expect(Array.from(document.querySelectorAll('style')).some((s) => s.textContent?.includes('rgb(255, 0, 0)'))).toBe(false);
  });

  it('carries the classes the Theme tab tells agencies they can target', async () => {
    const root = renderPreview('');
    await waitFor(() => expect(root.querySelector('.agency-preview')).toBeTruthy());
    for (const cls of AGENCY_CSS_CLASSES) expect(root.querySelector(`.${cls}`), cls).toBeTruthy();
  });
});
