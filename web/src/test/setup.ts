import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { resetCallables } from './callables';
import { endExpectedRefusals, quietKnownNoise } from './quiet-console';

// Callables answer from the test's own handlers (test/callables.ts); nothing reaches a functions emulator.
vi.mock('firebase/functions', async () => (await import('./callables')).fakeFunctionsModule);

// Messages the libraries print when a test provokes them on purpose (see quiet-console.ts); the rest print.
quietKnownNoise();

// findBy*/waitFor wait up to 5 s: live views wait for the Firestore emulator's first snapshot, and lazily loaded
// SDKs and modals, which on a busy 2-core machine can take longer than the library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads matchMedia; happy-dom provides it, but ResizeObserver may be missing.
if (!('ResizeObserver' in globalThis)) {
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Mantine's autosizing Textarea listens for web fonts loading (document.fonts), which happy-dom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

// Files share one page and one module graph (vitest.config.ts): each test leaves neither toasts (Mantine keeps them in
// a module-level store, and shows a few at a time) nor a scroll lock behind for the next.
afterEach(() => {
  cleanup();
  notifications.clean();
  document.body.removeAttribute('data-scroll-locked');
  document.body.removeAttribute('style');
  localStorage.clear();
  sessionStorage.clear();
  resetCallables();
  // reactfire keeps listeners in a global cache keyed by app name and path, failed ones for good: a test (or a later
  // file, on another emulator project under the same app name) starts with none.
  (globalThis as { _reactFirePreloadedObservables?: Map<string, unknown> })._reactFirePreloadedObservables?.clear();
});

afterAll(() => endExpectedRefusals());
