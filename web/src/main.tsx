import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { createQueryClient } from './lib/query-client';

/** The longest the first paint waits for the first page's code (a slow network shows the loader instead). */
const FIRST_PAGE_WAIT_MS = 1500;

const queryClient = createQueryClient();
// On an agency's host (index.html's boot script started its branding lookup) the agency-host app renders
// instead: its own routes, the agency's look, nothing of the platform. Loaded only there.
const agencyHost = window.__PARLEY_AGENCY__;
if (agencyHost) {
  void import('./app/agency-host/start').then((m) => m.startAgencyHost(agencyHost, queryClient, document.getElementById('root')!));
} else {
  const { router, ready } = createAppRouter(queryClient);
  void Promise.race([ready, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]).then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
}
