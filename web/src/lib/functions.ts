// Callable functions.
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { parleyConfig } from './config';
import { firebaseApp } from './firebase';

let functions: Functions | undefined;

function firebaseFunctions(): Functions {
  if (!functions) {
    const config = parleyConfig();
    functions = getFunctions(firebaseApp(), config.functionsRegion);
    if (config.emulators) connectFunctionsEmulator(functions, config.emulators.functions.host, config.emulators.functions.port);
  }
  return functions;
}

/** Calls a callable function by name and returns its data. */
export async function callFunction<I, O>(name: string, input: I): Promise<O> {
  const result = await httpsCallable<I, O>(firebaseFunctions(), name)(input);
  return result.data;
}
