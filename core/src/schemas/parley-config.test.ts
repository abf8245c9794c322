import { describe, expect, it } from 'vitest';
import { parleyConfigSchema } from './parley-config';

const base = { firebase: { apiKey: 'k', authDomain: 'p.firebaseapp.com', projectId: 'p' }, functionsRegion: 'us-central1', apiBase: '' };

describe('parleyConfigSchema', () => {
  it.each([
    ['production config without emulators', base],
    ['an https agency intro video', { ...base, agencyIntroVideoUrl: 'https://www.youtube.com/embed/abc123' }],
    ['an http agency intro video file', { ...base, agencyIntroVideoUrl: 'http://localhost:5000/intro.mp4' }],
    ['local config with emulators', { ...base, emulators: { auth: 'http://127.0.0.1:9099', firestore: { host: '127.0.0.1', port: 8080 }, functions: { host: '127.0.0.1', port: 5001 } } }],
  ])('accepts %s', (_name, value) => {
    expect(parleyConfigSchema.safeParse(value).success).toBe(true);
  });
  it.each([
    ['a missing api key', { ...base, firebase: { ...base.firebase, apiKey: '' } }],
    ['a port that is not a number', { ...base, emulators: { auth: 'http://127.0.0.1:9099', firestore: { host: '127.0.0.1', port: '8080' }, functions: { host: '127.0.0.1', port: 5001 } } }],
    ['no functions region', { ...base, functionsRegion: '' }],
    ['an agency intro video that is not http(s)', { ...base, agencyIntroVideoUrl: 'javascript:alert(1)' }],
    ['an agency intro video that is not a URL', { ...base, agencyIntroVideoUrl: 'intro.mp4' }],
  ])('refuses %s', (_name, value) => {
    expect(parleyConfigSchema.safeParse(value).success).toBe(false);
  });
});
