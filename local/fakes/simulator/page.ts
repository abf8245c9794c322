// The channel simulator's page: pick a connected endpoint (a WhatsApp number, Telegram bot, Messenger page or
// Discord channel, as each channel stand-in lists it at GET /__sim/endpoints), write as an end user
// (POST /__sim/inbound) and read the conversation in a phone-like thread (GET /__sim/thread, polled): the
// agent's answers and an operator's takeover messages, which the functions send through the provider's API.

export interface SimulatorSource {
  /** The stand-in's name (telegram, discord, meta). */
  name: string;
  url: string;
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function renderSimulator(sources: SimulatorSource[], opts: { mailboxUrl?: string | null; pollMs?: number } = {}): string {
  const config = JSON.stringify({ sources, pollMs: opts.pollMs ?? 1000 }).replace(/</g, '\\u003c');
  const mailbox = opts.mailboxUrl ? `<a href="${escapeHtml(opts.mailboxUrl)}">Mailbox</a>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Parley channel simulator</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; color: #1f2933; }
  header { display: flex; justify-content: space-between; align-items: baseline; }
  form.setup { display: grid; grid-template-columns: max-content 1fr; gap: .5rem 1rem; align-items: center; margin: 1rem 0; }
  select, input, textarea { font: inherit; padding: .4rem; }
  .phone { border: 10px solid #1f2933; border-radius: 28px; width: 22rem; max-width: 100%; margin: 1rem auto; overflow: hidden; background: #e5ddd5; }
  .phone .top { background: #075e54; color: #fff; padding: .6rem .9rem; font-weight: 600; }
  .thread { height: 26rem; overflow-y: auto; padding: .75rem; display: flex; flex-direction: column; gap: .4rem; }
  .msg { max-width: 80%; padding: .45rem .65rem; border-radius: 10px; white-space: pre-wrap; box-shadow: 0 1px 1px rgba(0,0,0,.1); }
  .msg.user { align-self: flex-end; background: #dcf8c6; }
  .msg.agent { align-self: flex-start; background: #fff; }
  .msg time { display: block; font-size: .7rem; color: #627d98; margin-top: .2rem; }
  form.compose { display: flex; gap: .4rem; padding: .5rem; background: #f0f0f0; }
  form.compose input { flex: 1; }
  .empty { color: #627d98; text-align: center; margin-top: 40%; }
  .hint { color: #627d98; font-size: .9rem; }
</style>
</head>
<body>
<header><h1>Channel simulator</h1>${mailbox}</header>
<p class="hint">Write to a connected channel as one of its users. The agent answers through the provider's API, exactly as it would on the real app. Nothing leaves this machine.</p>
<form class="setup" onsubmit="return false">
  <label for="endpoint">Connected channel</label>
  <span><select id="endpoint"></select> <button type="button" id="refresh">Refresh channels</button></span>
  <label for="user-name">Your name</label>
  <input id="user-name" value="Sam Tester" autocomplete="off">
  <label for="user-id">Your user id</label>
  <input id="user-id" value="15550109999" autocomplete="off">
</form>
<p id="status" role="status" aria-label="Delivery status" class="hint"></p>
<div class="phone">
  <div class="top" id="thread-title">No channel connected</div>
  <div class="thread" id="thread" role="log" aria-label="Conversation" aria-live="polite"></div>
  <form class="compose" id="compose">
    <input id="text" aria-label="Message" placeholder="Type a message" autocomplete="off">
    <button type="submit">Send</button>
  </form>
</div>
<script>
(function () {
  var CONFIG = ${config};
  var NAMES = { whatsapp: 'WhatsApp', telegram: 'Telegram', messenger: 'Messenger', instagram: 'Instagram', discord: 'Discord' };
  var endpoints = [];
  var select = document.getElementById('endpoint');
  var thread = document.getElementById('thread');
  var statusLine = document.getElementById('status');
  var title = document.getElementById('thread-title');
  var shown = '';

  function current() {
    return endpoints.find(function (e) { return e.key === select.value; }) || null;
  }
  function userId() { return document.getElementById('user-id').value.trim() || 'sim-user'; }

  async function loadEndpoints() {
    var found = [];
    await Promise.all(CONFIG.sources.map(async function (source) {
      try {
        var res = await fetch(source.url + '/__sim/endpoints');
        var body = await res.json();
        (body.endpoints || []).forEach(function (e) {
          found.push({ key: source.name + '|' + e.id, source: source, id: e.id, channel: e.channel, label: e.label });
        });
      } catch (e) { /* that stand-in is not running */ }
    }));
    found.sort(function (a, b) { return (a.channel + a.label).localeCompare(b.channel + b.label); });
    var before = select.value;
    endpoints = found;
    select.innerHTML = '';
    if (!found.length) {
      var none = document.createElement('option');
      none.value = '';
      none.textContent = 'No connected channel yet';
      select.appendChild(none);
    }
    found.forEach(function (e) {
      var option = document.createElement('option');
      option.value = e.key;
      option.textContent = (NAMES[e.channel] || e.channel) + ' · ' + e.label;
      select.appendChild(option);
    });
    if (found.some(function (e) { return e.key === before; })) select.value = before;
    render([]);
    shown = '';
    void poll();
  }

  function render(messages) {
    var e = current();
    title.textContent = e ? e.label : 'No channel connected';
    var key = JSON.stringify(messages);
    if (key === shown) return;
    shown = key;
    thread.innerHTML = '';
    if (!messages.length) {
      var empty = document.createElement('p');
      empty.className = 'empty';
      empty.textContent = e ? 'Say hello to start the conversation.' : 'Connect a channel in the dashboard, then refresh.';
      thread.appendChild(empty);
      return;
    }
    messages.forEach(function (m) {
      var bubble = document.createElement('div');
      bubble.className = 'msg ' + (m.from === 'user' ? 'user' : 'agent');
      bubble.setAttribute('data-from', m.from);
      bubble.textContent = m.text;
      var time = document.createElement('time');
      time.textContent = new Date(m.at).toLocaleTimeString();
      bubble.appendChild(time);
      thread.appendChild(bubble);
    });
    thread.scrollTop = thread.scrollHeight;
  }

  async function poll() {
    var e = current();
    if (!e) return render([]);
    try {
      var res = await fetch(e.source.url + '/__sim/thread?endpointId=' + encodeURIComponent(e.id) + '&userId=' + encodeURIComponent(userId()));
      var body = await res.json();
      render(body.messages || []);
    } catch (err) { /* next poll */ }
  }

  document.getElementById('compose').addEventListener('submit', async function (event) {
    event.preventDefault();
    var e = current();
    var input = document.getElementById('text');
    var text = input.value.trim();
    if (!e || !text) return;
    input.value = '';
    statusLine.textContent = 'Sending…';
    try {
      var res = await fetch(e.source.url + '/__sim/inbound', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ endpointId: e.id, userId: userId(), userName: document.getElementById('user-name').value.trim() || 'Sam Tester', text: text }),
      });
      var body = await res.json();
      statusLine.textContent = body.delivered ? 'Delivered to the agent (HTTP ' + body.status + ')' : 'Not delivered (HTTP ' + (body.status || res.status) + ')' + (body.error ? ': ' + body.error : '');
    } catch (err) {
      statusLine.textContent = 'Not delivered: the channel stand-in did not answer.';
    }
    void poll();
  });
  select.addEventListener('change', function () { shown = ''; void poll(); });
  document.getElementById('user-id').addEventListener('change', function () { shown = ''; void poll(); });
  document.getElementById('refresh').addEventListener('click', function () { void loadEndpoints(); });
  setInterval(poll, CONFIG.pollMs);
  void loadEndpoints();
})();
</script>
</body>
</html>`;
}
