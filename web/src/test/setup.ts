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

// happy-dom has no document.fonts; Mantine's autosize textarea listens to it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetCallables();
});

afterAll(() => endExpectedRefusals());
