// A stand-in for the Facebook JavaScript SDK (GET /sdk.js) and its login popup (GET /dialog/oauth), served only
// by the local fake. FB.init / FB.login / FB.getLoginStatus / FB.logout behave like the real SDK's: FB.login
// opens the popup and calls back with { authResponse, status }. With a config_id (Embedded Signup) the popup
// offers the WABA's numbers and, like Meta's, posts WA_EMBEDDED_SIGNUP messages (JSON strings) to the opener:
// FINISH { phone_number_id, waba_id }, CANCEL { current_step }, ERROR { error_message }; the callback then gets
// { code } (response_type code). Without one it is Facebook Login: the callback gets a short-lived user token.
import type { FakeNumber } from './world';

export function sdkScript(origin: string): string {
  return `/* Local stand-in for connect.facebook.net/en_US/sdk.js (Parley's Meta fake). */
(function () {
  var ORIGIN = ${JSON.stringify(origin)};
  var settings = {};
  var pending = null;
  window.addEventListener('message', function (event) {
    if (event.origin !== ORIGIN || !pending) return;
    var data = event.data;
    if (!data || data.type !== 'FB_LOGIN_RESULT') return;
    var done = pending; pending = null;
    done(data.response);
  });
  var FB = {
    init: function (options) { settings = options || {}; },
    getLoginStatus: function (callback) { callback({ status: 'unknown', authResponse: null }); },
    logout: function (callback) { if (callback) callback({ status: 'unknown', authResponse: null }); },
    login: function (callback, options) {
      options = options || {};
      var query = new URLSearchParams({
        app_id: settings.appId || '',
        version: settings.version || '',
        opener_origin: window.location.origin,
        response_type: options.response_type || 'token',
        scope: options.scope || '',
      });
      if (options.config_id) query.set('config_id', options.config_id);
      if (options.extras) query.set('extras', JSON.stringify(options.extras));
      var popup = window.open(ORIGIN + '/dialog/oauth?' + query.toString(), 'fb-login', 'width=600,height=720');
      pending = function (response) { callback(response); };
      var timer = setInterval(function () {
        if (popup && popup.closed) {
          clearInterval(timer);
          setTimeout(function () { if (pending) { var done = pending; pending = null; done({ status: 'unknown', authResponse: null }); } }, 300);
        }
      }, 250);
    },
  };
  window.FB = FB;
  if (typeof window.fbAsyncInit === 'function') setTimeout(window.fbAsyncInit, 0);
})();
`;
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The login popup: Embedded Signup (config_id) or Facebook Login. Posts to the opener, then closes. */
export function loginPopup(opts: { origin: string; openerOrigin: string; configId: string | null; numbers: FakeNumber[]; userName: string }): string {
  const embedded = opts.configId !== null;
  const choices = opts.numbers
    .map((n, i) => `<label><input type="radio" name="number" value="${escapeHtml(n.id)}" data-waba="${escapeHtml(n.wabaId)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(n.display_phone_number)} — ${escapeHtml(n.verified_name)}</label><br>`)
    .join('\n');
  const body = embedded
    ? `<h1>WhatsApp Business</h1>
<p>Connect a number of your WhatsApp Business Account to this app.</p>
<fieldset><legend>Phone number</legend>${choices}</fieldset>
<button type="button" id="finish">Finish</button>
<button type="button" id="cancel">Cancel</button>
<button type="button" id="error">Report an error</button>`
    : `<h1>Facebook</h1>
<p>Continue as ${escapeHtml(opts.userName)}?</p>
<button type="button" id="continue">Continue as ${escapeHtml(opts.userName)}</button>
<button type="button" id="cancel">Cancel</button>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Log in with Facebook (local)</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:32rem}button{margin:.5rem .5rem 0 0;padding:.5rem 1rem}</style>
</head><body>
${body}
<script>
(function () {
  var opener = window.opener;
  var openerOrigin = ${JSON.stringify(opts.openerOrigin)};
  function session(event, data) {
    // Meta posts the session info as a JSON string; the page checks the sender's origin.
    if (opener) opener.postMessage(JSON.stringify({ type: 'WA_EMBEDDED_SIGNUP', event: event, data: data, version: '2' }), '*');
  }
  function result(response) {
    if (opener) opener.postMessage({ type: 'FB_LOGIN_RESULT', response: response }, openerOrigin);
    setTimeout(function () { window.close(); }, 50);
  }
  async function grant(kind, extra) {
    var res = await fetch('/__popup/grant', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(Object.assign({ kind: kind }, extra || {})) });
    return res.json();
  }
  var el = function (id) { return document.getElementById(id); };
  if (el('finish')) el('finish').onclick = async function () {
    var picked = document.querySelector('input[name=number]:checked');
    var data = { phone_number_id: picked.value, waba_id: picked.getAttribute('data-waba') };
    var granted = await grant('code', data);
    session('FINISH', data);
    result({ status: 'connected', authResponse: { code: granted.code, userID: granted.userID, expiresIn: 0, graphDomain: 'facebook' } });
  };
  if (el('error')) el('error').onclick = function () {
    session('ERROR', { error_message: 'Something went wrong while connecting your number.', error_id: '524126', session_id: 'local', timestamp: String(Date.now()) });
    result({ status: 'unknown', authResponse: null });
  };
  if (el('continue')) el('continue').onclick = async function () {
    var granted = await grant('token');
    result({ status: 'connected', authResponse: { accessToken: granted.accessToken, expiresIn: granted.expiresIn, userID: granted.userID, signedRequest: '', graphDomain: 'facebook', data_access_expiration_time: 0 } });
  };
  el('cancel').onclick = function () {
    ${embedded ? "session('CANCEL', { current_step: 'PHONE_NUMBER_SETUP' });" : ''}
    result({ status: 'unknown', authResponse: null });
  };
})();
</script>
</body></html>`;
}
