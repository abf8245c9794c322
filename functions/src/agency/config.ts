// Deployment settings of the agency feature: the platform's root domain (agency subdomains live under it), the
// Firebase Hosting site that serves agency domains, and the fonts service. Locally `npm start` points them at
// the stand-ins (local/fakes/hosting-api, local/fakes/fonts) and the root domain is `localhost`.
import { defineString } from 'firebase-functions/params';
import { paramValue } from '../adapters/params';

export const PARLEY_ROOT_DOMAIN = defineString('PARLEY_ROOT_DOMAIN', { default: '' });
export const HOSTING_SITE_ID = defineString('HOSTING_SITE_ID', { default: '' });
export const HOSTING_API_BASE = defineString('HOSTING_API_BASE', { default: '' });
export const GOOGLE_FONTS_BASE = defineString('GOOGLE_FONTS_BASE', { default: '' });
export const GOOGLE_FONTS_API_KEY = defineString('GOOGLE_FONTS_API_KEY', { default: '' });


/** The platform's root domain for agency subdomains (`acme` → `acme.<root>`); `localhost` locally. */
export function rootDomain(): string {
  return paramValue(PARLEY_ROOT_DOMAIN).trim().toLowerCase() || 'localhost';
}

export function hostingSiteId(): string {
  return paramValue(HOSTING_SITE_ID) || process.env.GCLOUD_PROJECT || 'demo-parley';
}

export function hostingProjectId(): string {
  return process.env.GCLOUD_PROJECT || process.env.GCP_PROJECT || 'demo-parley';
}

/** The Hosting API's base; set only to reach the local stand-in. */
export function hostingApiBase(): string {
  return paramValue(HOSTING_API_BASE).replace(/\/+$/, '');
}

export function fontsBase(): string {
  return (paramValue(GOOGLE_FONTS_BASE) || 'https://fonts.googleapis.com').replace(/\/+$/, '');
}

export function fontsApiKey(): string {
  return paramValue(GOOGLE_FONTS_API_KEY);
}
