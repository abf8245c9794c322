import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetCallables } from './callables';

// Callables answer from the test's own handlers (test/callables.ts); nothing reaches a functions emulator.
vi.mock('firebase/functions', async () => (await import('./callables')).fakeFunctionsModule);

// Mantine reads matchMedia; happy-dom provides it, but ResizeObserver may be missing.
if (!('ResizeObserver' in globalThis)) {
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetCallables();
});
