// A stand-in for the Cloud Functions' callables in component tests: `firebase/functions` is replaced (in
// setup.ts) by this module, so the app's own callFunction runs unchanged — the answer a test gives is parsed
// with the contract, exactly as a real answer would be. Each test says how the server answers with
// `answerCallables({ name: (input) => answer })`; a handler that throws is the server refusing (its message is
// what the page shows). A callable with no handler fails the call, naming it.
import type { AnyCallableContract, CallableInput } from '@parley/core';
import type { z } from 'zod';

type Handler = (input: never) => unknown;
const handlers = new Map<string, Handler>();

/** What the server answers, per callable (the raw JSON: z.input of the contract's output). */
export type CallableAnswers = Record<string, Handler>;

/** Typed handler for one contract: receives its input, answers its output. */
export function answer<C extends AnyCallableContract>(
  _contract: C,
  handler: NoInfer<(input: CallableInput<C>) => z.input<C['output']> | Promise<z.input<C['output']>>>,
): Handler {
  return handler as Handler;
}

export function answerCallables(answers: CallableAnswers): void {
  for (const [name, handler] of Object.entries(answers)) handlers.set(name, handler);
}

export function resetCallables(): void {
  handlers.clear();
}

/** A callable refusal as the SDK reports it (a FirebaseError's code and the server's message). */
export class CallableRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const fakeFunctionsModule = {
  getFunctions: () => ({}),
  connectFunctionsEmulator: () => undefined,
  httpsCallable: (_functions: unknown, name: string) => async (input: unknown) => {
    const handler = handlers.get(name);
    if (!handler) throw new CallableRefusal('functions/not-found', `No test answer for the callable ${name}`);
    return { data: await (handler as (input: unknown) => unknown)(input) };
  },
};
