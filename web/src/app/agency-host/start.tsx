// The SPA on an agency's host: waits for the boot script's branding lookup (index.html), then renders the
// agency-host routes with the agency's look — or the "not connected" page — so the first paint is branded.
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { agencyMantineTheme, brandingCss, brandingFontHref } from '../../ui/agency-branding';
import { AgencyBrandingProvider, resolveAgencyHost, type AgencyHostBoot, type PublicBranding } from '../../lib/agency-host';
import { AppNotifications } from '../../ui/AppNotifications';
import { accessibleColors, accessibleComponents } from '../../ui/theme';
import { createAgencyHostRouter, createNotConnectedRouter } from './router';

function styleTag(id: string, css: string): void {
  const el = document.getElementById(id) ?? document.head.appendChild(Object.assign(document.createElement('style'), { id }));
  el.textContent = css;
}

/** Variables, usage/variant rules and the agency's own CSS (last, so it wins); the font after the first paint. */
function applyHead(branding: PublicBranding): void {
  document.documentElement.dataset.agencyUsage = branding.themeColorUsage;
  document.documentElement.dataset.agencyVariant = branding.themeVariant;
  styleTag('agency-look', brandingCss(branding, ':root'));
  if (branding.customCSS) styleTag('agency-custom-css', branding.customCSS);
  const href = brandingFontHref(branding);
  // Not a request the first paint waits for: the text shows in the fallback font and swaps when it arrives.
  if (href) requestAnimationFrame(() => setTimeout(() => document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'stylesheet', href })), 0));
}

export async function startAgencyHost(boot: AgencyHostBoot, queryClient: QueryClient, container: HTMLElement): Promise<void> {
  const state = await resolveAgencyHost(boot);
  const root = createRoot(container);
  if (state.status !== 'connected') {
    document.title = state.status === 'not-connected' ? 'This domain is not connected' : 'Temporarily unavailable';
    root.render(
      <StrictMode>
        <MantineProvider theme={{ components: accessibleComponents }} cssVariablesResolver={accessibleColors} defaultColorScheme="light">
          <RouterProvider router={createNotConnectedRouter(boot.host, state.status)} />
        </MantineProvider>
      </StrictMode>,
    );
    document.documentElement.setAttribute('data-agency-host', state.status);
    return;
  }
  const { branding } = state;
  applyHead(branding);
  // The client portal reads the same branding by host: it starts from this answer instead of asking again.
  queryClient.setQueryData(['agency-by-host', window.location.host], branding);
  queryClient.setQueryData(['agency-by-host', window.location.hostname], branding);
  root.render(
    <StrictMode>
      <MantineProvider theme={agencyMantineTheme(branding)} cssVariablesResolver={accessibleColors} defaultColorScheme="light">
        <AppNotifications />
        <QueryClientProvider client={queryClient}>
          <AgencyBrandingProvider value={branding}>
            <RouterProvider router={createAgencyHostRouter()} />
          </AgencyBrandingProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
  document.documentElement.setAttribute('data-agency-host', 'connected');
}
