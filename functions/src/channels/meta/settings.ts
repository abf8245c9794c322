// The Meta app's settings: one Graph API version for every call (core's META_GRAPH_API_VERSION), the app id and
// secret, the Embedded Signup configuration id, and the Graph base (set only to reach the local stand-in,
// local/fakes/meta). Read at call time so tests and the local stack can point them elsewhere.
import { channelsApi } from '@parley/core';
import { defineSecret, defineString } from 'firebase-functions/params';
import { paramValue } from '../../adapters/params';

export const META_APP_SECRET = defineSecret('META_APP_SECRET');
export const META_APP_ID = defineString('META_APP_ID', { default: '' });
/** Embedded Signup: the Facebook Login for Business configuration (App Dashboard > Facebook Login for Business > Configurations). */
export const META_EMBEDDED_SIGNUP_CONFIG_ID = defineString('META_EMBEDDED_SIGNUP_CONFIG_ID', { default: '' });
export const META_GRAPH_BASE = defineString('META_GRAPH_BASE', { default: '' });

/** Bind to every function that reads the app secret (token exchanges, webhook signatures). */
export const META_SECRETS = [META_APP_SECRET];

export const GRAPH_API_VERSION = channelsApi.META_GRAPH_API_VERSION;
export const GRAPH_DEFAULT_BASE = 'https://graph.facebook.com';


export function metaAppId(): string {
  return paramValue(META_APP_ID);
}

export function metaAppSecret(): string {
  return process.env.META_APP_SECRET ?? '';
}

export function embeddedSignupConfigId(): string {
  return paramValue(META_EMBEDDED_SIGNUP_CONFIG_ID);
}

/** Where Graph calls go, without the version: https://graph.facebook.com, or the local stand-in. */
export function graphBase(): string {
  return (paramValue(META_GRAPH_BASE) || GRAPH_DEFAULT_BASE).replace(/\/+$/, '');
}

/** Whether Graph is the local stand-in (it then also serves the SDK and the login popup). */
export function usesLocalGraph(): boolean {
  return graphBase() !== GRAPH_DEFAULT_BASE;
}
