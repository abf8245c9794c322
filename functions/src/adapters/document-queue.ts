// Writes to one hot document from one instance, one at a time: concurrent transactions on the same document only
// contend with each other (and, in the emulator, time out on its lock), so an instance queues its own and leaves
// Firestore's retries for writers on other instances. Keyed by the document's path, per database.
import type { Firestore } from 'firebase-admin/firestore';

const queues = new WeakMap<Firestore, Map<string, Promise<unknown>>>();

/** Runs `work` after every earlier work queued for the same document path has settled. */
export function oneAtATime<T>(db: Firestore, path: string, work: () => Promise<T>): Promise<T> {
  let byPath = queues.get(db);
  if (!byPath) queues.set(db, (byPath = new Map()));
  const previous = byPath.get(path) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  byPath.set(path, tail);
  void tail.then(() => {
    if (byPath.get(path) === tail) byPath.delete(path);
  });
  return run;
}
