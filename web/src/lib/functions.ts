// Callable functions, called through their contracts (@parley/core's `*Api.<operation>`): the input is typed
// from the contract and the answer is parsed with its output schema, so a page never works on an answer the
// contract does not describe.
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import type { AnyCallableContract, CallableInput, CallableOutput } from '@parley/core';
import { UnexpectedAnswerError } from './api';
import { parleyConfig } from './config';
import { firebaseApp } from './firebase';

let functions: Functions | undefined;

function firebaseFunctions(): Functions {
  const app = firebaseApp();
  if (functions?.app !== app) {
    const config = parleyConfig();
    functions = getFunctions(app, config.functionsRegion);
    if (config.emulators) connectFunctionsEmulator(functions, config.emulators.functions.host, config.emulators.functions.port);
  }
  return functions;
}

// The SDK ends every refusal's message with the HTTP status (" [400]"); the server's sentence is what comes before.
const HTTP_STATUS_SUFFIX = / \[\d+\]$/;

/** A refusal (the SDK's FunctionsError, code `functions/…`) keeps its code and details; its message becomes the server's sentence. */
function asServerSentence(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof Error && typeof code === 'string' && code.startsWith('functions/')) error.message = error.message.replace(HTTP_STATUS_SUFFIX, '');
  return error;
}

/**
 * Calls the callable a contract names. Refusals arrive as the SDK's FunctionsError, its message the server's
 * sentence alone; an answer that does not match the contract throws UnexpectedAnswerError.
 */
export async function callFunction<C extends AnyCallableContract>(contract: C, input: CallableInput<C>): Promise<CallableOutput<C>> {
  // The SDK sends an undefined field as null, which an optional field of the contract refuses: leave it out.
  const sent = input && typeof input === 'object' && !Array.isArray(input) ? Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) : input;
  const result = await httpsCallable(firebaseFunctions(), contract.name)(sent).catch((error: unknown) => {
    throw asServerSentence(error);
  });
  const parsed = contract.output.safeParse(result.data);
  if (!parsed.success) throw new UnexpectedAnswerError(contract.name, parsed.error);
  return parsed.data as CallableOutput<C>;
}


/** The call of one contract as a function of its input alone, for a feature whose calls pass the input through as is. */
export function callable<C extends AnyCallableContract>(contract: C): (input: CallableInput<C>) => Promise<CallableOutput<C>> {
  return (input) => callFunction(contract, input);
}
