import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/https';
import { ZodError, type z } from 'zod';
import { zodMessage } from '../http/zod-message';

export type CallableHandler<I, O> = (input: I, request: CallableRequest<unknown>) => Promise<O>;

/** Runs a callable's handler on zod-parsed input; a zod error becomes `invalid-argument`. */
export function runCallable<S extends z.ZodType, O>(schema: S, handler: CallableHandler<z.output<S>, O>) {
  return async (request: CallableRequest<unknown>): Promise<O> => {
    try {
      const input = schema.parse(request.data);
      return await handler(input, request);
    } catch (error) {
      if (error instanceof ZodError) throw new HttpsError('invalid-argument', zodMessage(error));
      if (error instanceof HttpsError) throw error;
      console.error('[callable] failed:', error instanceof Error ? error.message : 'unknown error');
      throw new HttpsError('internal', 'Something went wrong on our side. Please try again.');
    }
  };
}

/** One file per callable: export its input schema, its handler, and `defineCallable(schema, handler)`. */
export function defineCallable<S extends z.ZodType, O>(schema: S, handler: CallableHandler<z.output<S>, O>) {
  return onCall({ cors: true }, runCallable(schema, handler));
}

/** The signed-in user's uid, or `unauthenticated`. */
export function requireUid(request: CallableRequest<unknown>, message = 'You must be signed in.'): string {
  const uid = request.auth?.uid;
  if (!uid) throw new HttpsError('unauthenticated', message);
  return uid;
}
