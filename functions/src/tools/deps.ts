// What the tools feature needs, passed in by the composition (tests pass their own: a short timeout, a DNS stand-in).
import type { Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import type { Lookup } from '../safe-fetch';

export interface ToolCallLimits {
  /** The whole call, redirects and body included (ms). */
  timeoutMs: number;
  /** The response body's size after decompression (bytes). */
  maxBytes: number;
  /** The DNS lookup (tests answer names themselves); the system's when absent. */
  lookup?: Lookup;
}

/** A tool server gets 20 s, and at most 1 MB of answer: more would not fit a prompt anyway. */
export const DEFAULT_TOOL_CALL: ToolCallLimits = { timeoutMs: 20_000, maxBytes: 1_000_000 };

export interface ToolsDeps {
  db: (region: Region) => Firestore;
  now: () => number;
  call: ToolCallLimits;
}
