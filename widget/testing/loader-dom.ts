// Scaffolding shared by the loader's tests: a clean page and fake timers for each test, and a public agent.
import { afterEach, beforeEach, vi } from 'vitest';
import type { WidgetAgent } from '../src/chat/api';

export const testAgent = (extra: Partial<WidgetAgent> = {}): WidgetAgent => ({ ID: 'A1', title: 'Helper', theme: 'green-light', ...extra });

/** Each test starts on an empty page with fake timers and empty storage. */
export function resetPageEachTest(): void {
  beforeEach(() => {
    // happy-dom reports that it does not load iframe pages; the iframe's src is what these tests check.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers();
    document.body.innerHTML = '';
    localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
}
