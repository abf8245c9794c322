// Firestore answers a commit with the value every field transform left (an increment's new total), in the same round
// trip; the Admin SDK's public `commit()` drops those values and keeps only the write times. A counter that must
// know its total would need a second round trip to read it back, so this reads them from the commit's own answer,
// through the batch's commit step that `commit()` itself calls. Where that step or its values are missing (another
// SDK version), it says so and the caller reads the counters instead.
import { FieldValue, type DocumentReference, type Firestore, type Timestamp } from 'firebase-admin/firestore';

/** One counter to add 1 to, with fields set beside it (an expiry). */
export interface CountedIncrement {
  ref: DocumentReference;
  field: string;
  also: Record<string, Timestamp | string | number>;
}

interface TransformValue {
  integerValue?: string | number | { toString(): string };
  doubleValue?: number;
}
interface CommitResponse {
  writeResults?: Array<{ transformResults?: TransformValue[] | null }>;
}
type CommitStep = (options: { retryCodes?: number[] }) => Promise<CommitResponse>;

/** gRPC's ABORTED, which the public commit retries as well. */
const ABORTED = 10;

const valueOf = (value: TransformValue | undefined): number | null => {
  if (value?.integerValue !== undefined) return Number(String(value.integerValue));
  return typeof value?.doubleValue === 'number' ? value.doubleValue : null;
};

/**
 * Adds 1 to each counter in one commit; resolves with each counter's total after it (in order), or with null when
 * the totals were not handed back (the writes are committed either way).
 */
export async function incrementCounting(db: Firestore, increments: readonly CountedIncrement[]): Promise<number[] | null> {
  const batch = db.batch();
  for (const { ref, field, also } of increments) batch.set(ref, { [field]: FieldValue.increment(1), ...also }, { merge: true });
  const commitStep = (batch as unknown as { _commit?: CommitStep })._commit;
  if (typeof commitStep !== 'function') {
    await batch.commit();
    return null;
  }
  const response = await commitStep.call(batch, { retryCodes: [ABORTED] });
  const totals = increments.map((_, i) => valueOf(response.writeResults?.[i]?.transformResults?.[0]));
  return totals.every((t): t is number => t !== null) ? totals : null;
}
