// The signed-in user's Meta tokens, kept where no client reads them: users/{uid}/private/meta (firestore.rules:
// users/{uid}/private/* is functions only). The long-lived Facebook user token (exchangeMetaToken) lists the
// user's pages and fetches a page's token at connect time; the Embedded Signup business token
// (getLongAccessToken) lists and connects the WABA's numbers. Neither ever leaves the functions.
import { paths, type Region } from '@parley/core';
import { databaseFor } from '../../adapters/firestore';

export interface MetaUserTokens {
  userAccessToken?: string;
  userTokenExpiresAt?: number;
  whatsappBusinessToken?: string;
  whatsappBusinessTokenAt?: number;
}

export function metaTokensPath(uid: string): string {
  return `${paths.user(uid)}/private/meta`;
}

export async function readMetaTokens(region: Region, uid: string): Promise<MetaUserTokens> {
  const snap = await databaseFor(region).doc(metaTokensPath(uid)).get();
  return (snap.data() ?? {}) as MetaUserTokens;
}

export async function saveMetaTokens(region: Region, uid: string, tokens: MetaUserTokens): Promise<void> {
  await databaseFor(region).doc(metaTokensPath(uid)).set(tokens, { merge: true });
}
