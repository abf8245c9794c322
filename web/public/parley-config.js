// Fallback configuration. The local stack overwrites dist/parley-config.js and production deploys write the real
// values; if neither happened, emulators are only used when the page itself is served locally.
(function () {
  var local = location.hostname === '127.0.0.1' || location.hostname === 'localhost';
  window.__PARLEY_CONFIG__ = window.__PARLEY_CONFIG__ || {
    firebase: { apiKey: 'demo-api-key', authDomain: 'demo-parley.firebaseapp.com', projectId: 'demo-parley' },
    emulators: local
      ? { auth: 'http://127.0.0.1:9099', firestore: { host: '127.0.0.1', port: 8080 }, functions: { host: '127.0.0.1', port: 5001 } }
      : undefined,
    functionsRegion: 'us-central1',
    apiBase: '',
  };
})();
