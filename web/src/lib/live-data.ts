// Live views through reactfire's hooks, with the three things the views need that reactfire lacks:
// - errors as state: reactfire throws a listener's error during render; the views show it beside the rest of the
//   page with "Try again", so it is caught here;
// - retry: reactfire keeps a failed listener in its cache for good, so the same query would fail at once again;
//   a retry drops the failed listeners from that cache;
// - a per-region document key: useFirestoreDocData keys its cache by app and path only, so users/{uid} in the NA and
//   the EU database would share one listener. useLiveDoc is useFirestoreDocData with the database in its key.
//   (Queries need no such care: reactfire tells them apart by their Firestore instance.)
// Every row carries its document id as `ID` (reactfire's idField), as the app's documents do.
import type { DocumentData, DocumentReference, Query } from 'firebase/firestore';
import { useCallback, useMemo, useState } from 'react';
import { useFirestoreCollectionData, useObservable, type ReactFireGlobals } from 'reactfire';
import { docData } from 'rxfire/firestore';
import { of } from 'rxjs';
import { regionOf } from './live-firebase';

export const ID_FIELD = 'ID';

/** A row as a listener delivers it: the document's fields and its id. */
export type LiveRow = DocumentData & { ID: string };

export interface Live<T> {
  /** The latest value; undefined until the first snapshot (or while nothing is listened to). */
  data: T | undefined;
  /** Why the listener ended; null while it is live. */
  error: Error | null;
  /** Listening, nothing received yet. */
  isLoading: boolean;
  /** Listens again after an error. */
  retry(): void;
}

function dropFailedListeners(): void {
  const cache = (globalThis as unknown as Partial<ReactFireGlobals>)._reactFirePreloadedObservables;
  for (const [id, subject] of cache ?? []) if (subject.immutableStatus.status === 'error') cache?.delete(id);
}

function useRetry(): () => void {
  const [, setAttempt] = useState(0);
  return useCallback(() => {
    dropFailedListeners();
    setAttempt((n) => n + 1);
  }, []);
}

/** A query's documents, live, turned into the view's value by `map` (a stable function). */
export function useLiveCollection<T>(query: Query, map: (rows: LiveRow[]) => T): Live<T> {
  const retry = useRetry();
  let rows: LiveRow[] | undefined;
  let error: Error | null = null;
  try {
    // reactfire throws the listener's error after every hook inside it has run, so catching it keeps the hooks' order.
    // eslint-disable-next-line react-hooks/rules-of-hooks
    rows = useFirestoreCollectionData(query, { idField: ID_FIELD }).data as LiveRow[] | undefined;
  } catch (failure) {
    error = failure as Error;
  }
  const data = useMemo(() => (rows === undefined ? undefined : map(rows)), [rows, map]);
  return { data, error, isLoading: rows === undefined && !error, retry };
}

/** One document, live (`map` gets undefined once it does not exist); a null ref listens to nothing. */
export function useLiveDoc<T>(ref: DocumentReference | null, map: (row: LiveRow | undefined) => T): Live<T> {
  const retry = useRetry();
  const id = ref ? `parley:docData:${regionOf(ref.firestore)}:${ref.path}` : 'parley:docData:none';
  let status: { data: unknown; hasEmitted: boolean } | undefined;
  let error: Error | null = null;
  try {
    // As above: the error is thrown after every hook inside has run.
    // eslint-disable-next-line react-hooks/rules-of-hooks
    status = useObservable(id, ref ? docData(ref, { idField: ID_FIELD }) : of(undefined));
  } catch (failure) {
    error = failure as Error;
  }
  const row = status?.hasEmitted ? (status.data as LiveRow | undefined) : undefined;
  const emitted = !!ref && !!status?.hasEmitted;
  const data = useMemo(() => (emitted ? map(row) : undefined), [emitted, row, map]);
  return { data, error, isLoading: !!ref && !emitted && !error, retry };
}

/** The first error of several listeners (one view over several queries). */
export function firstError(...lives: Live<unknown>[]): Error | null {
  return lives.find((live) => live.error)?.error ?? null;
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
