// Embedded Signup (the New Method): the code from the popup becomes the business token (kept in
// users/{uid}/private/meta), which then lists the WABA's numbers and connects one.
import { channelsApi } from '@parley/core';
import type { z } from 'zod';
import { callerOf, type TokenCaller } from '../../access';
import { defineCallable } from '../../callable/define-callable';
import { GraphError, graphRequest } from '../meta/graph';
import { META_SECRETS, metaAppId, metaAppSecret } from '../meta/settings';
import { readMetaTokens, saveMetaTokens } from '../meta/user-tokens';
import { listNumbers } from './cloud-api';

const T = channelsApi.META_TEXTS;
export const SIGNED_IN_WITH_META = 'Signed in with Meta.';

const failure = (error: unknown): string => (error instanceof GraphError ? error.message : T.networkError);

export async function getLongAccessToken(input: z.output<typeof channelsApi.getLongAccessToken.input>, caller: TokenCaller) {
  try {
    const res = await graphRequest<{ access_token?: string }>({
      path: ['oauth', 'access_token'],
      query: { client_id: metaAppId(), client_secret: metaAppSecret(), code: input.code },
    });
    if (!res.access_token) return { ok: false, message: T.waError(T.loginCancelled) };
    await saveMetaTokens(input.region, caller.uid, { whatsappBusinessToken: res.access_token, whatsappBusinessTokenAt: Date.now() });
    return { ok: true, message: SIGNED_IN_WITH_META };
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    return { ok: false, message: T.waError(failure(error)) };
  }
}

/** The business token of the caller's last Embedded Signup, or null. */
export async function signupToken(region: z.output<typeof channelsApi.getLongAccessToken.input>['region'], uid: string): Promise<string | null> {
  return (await readMetaTokens(region, uid)).whatsappBusinessToken ?? null;
}

export async function getDetailsOfWhatsappNumber(input: z.output<typeof channelsApi.getDetailsOfWhatsappNumber.input>, caller: TokenCaller) {
  const token = await signupToken(input.region, caller.uid);
  if (!token) return { ok: false, message: T.waError(T.signupFirst), data: [] };
  try {
    return { ok: true, message: T.numberInfoFetched, data: await listNumbers(token, input.wabaId) };
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    return { ok: false, message: T.waError(error.message), data: [] };
  }
}

export const getLongAccessTokenCallable = defineCallable(channelsApi.getLongAccessToken, (input, request) => getLongAccessToken(input, callerOf(request)), { secrets: META_SECRETS });
export const getDetailsOfWhatsappNumberCallable = defineCallable(channelsApi.getDetailsOfWhatsappNumber, (input, request) => getDetailsOfWhatsappNumber(input, callerOf(request)));
