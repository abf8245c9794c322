// Development default: the local stack overwrites dist/parley-config.js; production deploy writes real values.
window.__PARLEY_CONFIG__ = window.__PARLEY_CONFIG__ || {
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo-parley.firebaseapp.com', projectId: 'demo-parley' },
  emulators: {
    auth: 'http://127.0.0.1:9099',
    firestore: { host: '127.0.0.1', port: 8080 },
    functions: { host: '127.0.0.1', port: 5001 },
  },
  functionsRegion: 'us-central1',
  apiBase: '',
};
