// useLiveQuery: a realtime subscription (usually onSnapshot, see ./firestore-live.ts) feeding TanStack
// Query's cache. The app reads everything through the cache, so a live view is just a query whose data
// is pushed instead of fetched: other components can read or seed the same key, and a remount shows the
// cached value at once while the listener reconnects.
import { hashKey, skipToken, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import type { LiveSource } from './firestore-live';

export interface LiveQueryResult<T> {
  /** The latest value; kept (possibly stale) after an error. */
  data: T | undefined;
  /** Why the subscription ended; null while it is live. */
  error: Error | null;
  /** Subscribed, nothing received yet. */
  isLoading: boolean;
  /** Subscribes again after an error. */
  retry(): void;
}

/**
 * Subscribes to `source` while the component is mounted and writes each value to the cache under
 * `queryKey`. The key identifies the subscription: a new key subscribes anew, a new `source` function
 * for the same key does not. `null` subscribes to nothing.
 */
export function useLiveQuery<T>(queryKey: QueryKey, source: LiveSource<T> | null): LiveQueryResult<T> {
  const client = useQueryClient();
  const hash = hashKey(queryKey);
  const enabled = source !== null;
  const [failure, setFailure] = useState<{ hash: string; attempt: number; error: Error } | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Read at subscription time, so the effect depends on the key alone.
  const subscribe = useEffectEvent((next: (value: T) => void, fail: (error: Error) => void) => source?.(next, fail) ?? (() => undefined));
  const key = useEffectEvent(() => queryKey);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const stop = subscribe(
      (value) => {
        if (live) client.setQueryData(key(), value);
      },
      (error) => {
        if (live) setFailure({ hash, attempt, error });
      },
    );
    return () => {
      live = false;
      stop();
    };
  }, [client, hash, enabled, attempt]);

  // Never fetches (skipToken): it only observes what the subscription writes.
  const cached = useQuery<T>({ queryKey, queryFn: skipToken, staleTime: Infinity });
  // An error belongs to the subscription that raised it, not to the next key or attempt.
  const error = enabled && failure && failure.hash === hash && failure.attempt === attempt ? failure.error : null;
  return {
    data: cached.data,
    error,
    isLoading: enabled && cached.data === undefined && !error,
    retry: () => setAttempt((n) => n + 1),
  };
}

/**
 * One source over several (e.g. one listener per collection): delivers every source's latest value,
 * in order, once each has delivered at least once; the first error ends them all.
 */
export function combineLive<T>(sources: LiveSource<T>[]): LiveSource<T[]> {
  return (next, fail) => {
    const latest: T[] = new Array<T>(sources.length);
    const received = new Set<number>();
    let failed = false;
    const stops: Array<() => void> = [];
    const stopAll = () => stops.forEach((stop) => stop());
    sources.forEach((source, i) => {
      stops.push(
        source(
          (value) => {
            if (failed) return;
            latest[i] = value;
            received.add(i);
            if (received.size === sources.length) next([...latest]);
          },
          (error) => {
            if (failed) return;
            failed = true;
            stopAll();
            fail(error);
          },
        ),
      );
    });
    return stopAll;
  };
}

/** A listener's error in words for the UI (Firestore's own messages are terse or, on the emulator, rule traces). */
export function liveErrorMessage(error: Error): string {
  switch ((error as Error & { code?: string }).code) {
    case 'permission-denied':
      return 'you do not have access (any more).';
    case 'unavailable':
      return 'the connection was lost.';
    default:
      return error.message;
  }
}
