// The SPA's config for a bench that serves a build itself: the demo project on the standard local ports (the pages
// measured with it do not need them to answer).
export const LOCAL_CONFIG = {
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo-parley.firebaseapp.com', projectId: 'demo-parley' },
  emulators: { auth: 'http://127.0.0.1:9099', firestore: { host: '127.0.0.1', port: 8080 }, functions: { host: '127.0.0.1', port: 5001 } },
  functionsRegion: 'us-central1',
  apiBase: '',
};
