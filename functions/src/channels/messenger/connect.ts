// Messenger and Instagram connection: exchangeMetaToken (the browser's short-lived user token becomes a
// long-lived one, kept in users/{uid}/private/meta), tokenToPages (the user's pages, without their tokens),
// connectMetaPage (the page token fetched server-side and kept in metaPages/{pageId}/private/secrets, the page
// subscribed to our app), removeMetaPage (unsubscribed, record and token deleted) and checkPageSubscriptions.
import { channelsApi, paths, type MetaPage } from '@parley/core';
import { HttpsError } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, hasAgentAccess, requireAgentAccess, type TokenCaller } from '../../access';
import { defineCallable } from '../../callable/define-callable';
import { ensureAppWebhook } from '../meta/app-webhook';
import { GraphError, graphRequest } from '../meta/graph';
import { META_SECRETS, metaAppId, metaAppSecret } from '../meta/settings';
import { readMetaTokens, saveMetaTokens } from '../meta/user-tokens';
import { sendChannelConnectionHook } from '../pipeline';
import { pageSecretsPath, pagesOfAgent, readPage, readPageToken } from './pages';
import { accountPages, pageSubscribed, subscribePage, unsubscribePage } from './send-api';
import type { RaisesEvents } from '../../events';

const T = channelsApi.META_TEXTS;
export const PAGE_NOT_MANAGED = 'You do not manage this page.';
export const PAGE_OF_ANOTHER_AGENT = 'This page is connected to another agent.';
export const FACEBOOK_CONNECTED = 'Connected to Facebook.';
export const PAGES_FETCHED = 'Pages fetched successfully.';

export async function exchangeMetaToken(input: z.output<typeof channelsApi.exchangeMetaToken.input>, caller: TokenCaller) {
  try {
    const res = await graphRequest<{ access_token?: string; expires_in?: number }>({
      path: ['oauth', 'access_token'],
      query: { grant_type: 'fb_exchange_token', client_id: metaAppId(), client_secret: metaAppSecret(), fb_exchange_token: input.token },
    });
    if (!res.access_token) return { ok: false, message: T.loginCancelled };
    const expiresAt = typeof res.expires_in === 'number' ? Date.now() + res.expires_in * 1000 : undefined;
    await saveMetaTokens(input.region, caller.uid, { userAccessToken: res.access_token, ...(expiresAt ? { userTokenExpiresAt: expiresAt } : {}) });
    return { ok: true, message: FACEBOOK_CONNECTED, ...(expiresAt ? { expiresAt } : {}) };
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    return { ok: false, message: error.message };
  }
}

export async function tokenToPages(input: z.output<typeof channelsApi.tokenToPages.input>, caller: TokenCaller) {
  const { userAccessToken } = await readMetaTokens(input.region, caller.uid);
  if (!userAccessToken) return { ok: false, message: T.signInFirst, pages: [] };
  try {
    const pages = (await accountPages(userAccessToken)).map((p) => ({
      id: p.id,
      name: p.name ?? '',
      ...(p.picture?.data?.url ? { photoUrl: p.picture.data.url } : {}),
      ...(p.instagram_business_account?.id
        ? { instagram: { id: p.instagram_business_account.id, ...(p.instagram_business_account.username ? { name: p.instagram_business_account.username } : {}) } }
        : {}),
    }));
    return { ok: true, message: PAGES_FETCHED, pages };
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    return { ok: false, message: error.message, pages: [] };
  }
}

export async function connectMetaPage(deps: RaisesEvents, input: z.output<typeof channelsApi.connectMetaPage.input>, caller: TokenCaller) {
  const { db, ownerID, agent } = await requireAgentAccess(caller, input.region, input.agentId);
  const { userAccessToken } = await readMetaTokens(input.region, caller.uid);
  if (!userAccessToken) return { ok: false, message: T.pageConnectFailed(T.signInFirst) };
  const holder = await readPage(db, input.selectedPage.id);
  if (holder && holder.agentId !== input.agentId && !(await hasAgentAccess(caller, input.region, holder.agentId))) {
    return { ok: false, message: T.pageConnectFailed(PAGE_OF_ANOTHER_AGENT) };
  }
  let record: MetaPage;
  let pageToken: string;
  try {
    // The page and its token come from Meta, for this user: a page id from the browser proves nothing.
    const page = (await accountPages(userAccessToken)).find((p) => p.id === input.selectedPage.id);
    if (!page?.access_token) return { ok: false, message: T.pageConnectFailed(PAGE_NOT_MANAGED) };
    pageToken = page.access_token;
    await subscribePage(pageToken, page.id);
    await ensureAppWebhook('page');
    const ig = page.instagram_business_account;
    if (ig?.id) await ensureAppWebhook('instagram');
    record = {
      pageId: page.id,
      pageName: page.name ?? '',
      agentId: input.agentId,
      ...(ig?.id ? { igPageId: ig.id, igPageName: ig.username ?? ig.name ?? '' } : {}),
    };
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    return { ok: false, message: T.pageConnectFailed(error.message) };
  }
  const batch = db.batch();
  batch.set(db.doc(paths.metaPage(record.pageId)), record);
  batch.set(db.doc(pageSecretsPath(record.pageId)), { pageAccessToken: pageToken });
  await batch.commit();
  sendChannelConnectionHook(deps, db, ownerID, { agentId: input.agentId, channelId: record.pageId, agentType: String(agent.agentPlatform ?? 'vg'), channelType: 'messenger' });
  return { ok: true, message: T.pageConnected, page: record };
}

export async function removeMetaPage(input: z.output<typeof channelsApi.removeMetaPage.input>, caller: TokenCaller) {
  const { db } = await requireAgentAccess(caller, input.region, input.agentId);
  const page = await readPage(db, input.pageId);
  if (!page || page.agentId !== input.agentId) throw new HttpsError('not-found', T.pageRemoveFailed);
  const token = await readPageToken(db, input.pageId);
  if (token) {
    try {
      await unsubscribePage(token, input.pageId);
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      // A revoked token cannot unsubscribe, and Meta stops delivering to it anyway: the page is still removed.
      console.warn('[messenger] unsubscribing the page failed:', error.message);
    }
  }
  const batch = db.batch();
  batch.delete(db.doc(pageSecretsPath(input.pageId)));
  batch.delete(db.doc(paths.metaPage(input.pageId)));
  await batch.commit();
  return { ok: true, message: T.pageRemoved };
}

export async function checkPageSubscriptions(input: z.output<typeof channelsApi.checkPageSubscriptions.input>, caller: TokenCaller) {
  const { db } = await requireAgentAccess(caller, input.region, input.agentId);
  const pages = await pagesOfAgent(db, input.agentId);
  return {
    pages: await Promise.all(pages.map(async (page) => {
      const token = await readPageToken(db, page.pageId);
      const subscribed = token ? await pageSubscribed(token, page.pageId, metaAppId()).catch(() => false) : false;
      return { ...page, subscribed };
    })),
  };
}

export const exchangeMetaTokenCallable = defineCallable(channelsApi.exchangeMetaToken, (input, request) => exchangeMetaToken(input, callerOf(request)), { secrets: META_SECRETS });
export const tokenToPagesCallable = defineCallable(channelsApi.tokenToPages, (input, request) => tokenToPages(input, callerOf(request)));
export const connectMetaPageCallable = (deps: RaisesEvents) =>
  defineCallable(channelsApi.connectMetaPage, (input, request) => connectMetaPage(deps, input, callerOf(request)), { secrets: META_SECRETS });
export const removeMetaPageCallable = defineCallable(channelsApi.removeMetaPage, (input, request) => removeMetaPage(input, callerOf(request)));
export const checkPageSubscriptionsCallable = defineCallable(channelsApi.checkPageSubscriptions, (input, request) => checkPageSubscriptions(input, callerOf(request)));
