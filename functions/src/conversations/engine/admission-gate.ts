// A model's answer is asked for while its credits are being reserved, so the reservation's write is not added to the
// visitor's wait for the first words. Nothing of the answer leaves the engine before the reservation went through:
// its words are held back and its tools (which call servers and store leads) wait. When the reservation is refused,
// the held words are dropped, no tool has run, and the model request is aborted.
import type { OfferedTool, RoundOffer } from './tools-port';

export interface AdmissionGate {
  /** Passes text on once admitted (in order, the held pieces first); drops it after a refusal. */
  deltas(onDelta: ((text: string) => void) | undefined): (text: string) => void;
  /** The same tools, each call run only once admitted. */
  tools(offered: readonly OfferedTool[]): OfferedTool[];
  /** The same offer, its tools gated each round. */
  offer(round: RoundOffer): RoundOffer;
}

export function admissionGate(admitted: Promise<unknown>): AdmissionGate {
  let state: 'waiting' | 'open' | 'refused' = 'waiting';
  const held: Array<() => void> = [];
  admitted.then(
    () => {
      state = 'open';
      for (const send of held.splice(0)) send();
    },
    () => {
      state = 'refused';
      held.length = 0;
    },
  );
  const gateTool = (tool: OfferedTool): OfferedTool => ({
    ...tool,
    run: async (rawArguments) => {
      await admitted;
      return tool.run(rawArguments);
    },
  });
  return {
    deltas(onDelta) {
      return (text) => {
        if (!onDelta || state === 'refused') return;
        if (state === 'open') onDelta(text);
        else held.push(() => onDelta(text));
      };
    },
    tools: (offered) => offered.map(gateTool),
    offer: (round) => async () => {
      const tools = await round();
      return { ...tools, tools: tools.tools.map(gateTool) };
    },
  };
}

/** What this instance's reservations in flight may take from each payer's balance, per database. */
const inFlight = new WeakMap<object, Map<string, number>>();

/**
 * Counts a reservation as in flight against its payer until `settled`, and answers what the ones before it may still
 * take. A model is asked early only if the balance read covers this answer after those: then, within an instance,
 * no answer started early is refused for credits (another instance spending the balance meanwhile still can).
 */
export function inFlightBefore(db: object, payer: string, estimate: number, settled: Promise<unknown>): number {
  let payers = inFlight.get(db);
  if (!payers) inFlight.set(db, (payers = new Map()));
  const before = payers.get(payer) ?? 0;
  payers.set(payer, before + estimate);
  const done = () => {
    const left = (payers.get(payer) ?? 0) - estimate;
    if (left > 0) payers.set(payer, left);
    else payers.delete(payer);
  };
  settled.then(done, done);
  return before;
}
