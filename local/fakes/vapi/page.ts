// The call simulator's page (GET / on the Vapi stand-in, linked from the mailbox): pick a connected number, ring it as a
// caller, say lines (each goes to the agent's custom LLM; its answer streams in as it is generated), hang up (the
// end-of-call report is sent with the call's length), and send that report again. It talks to the stand-in's own
// /__sim API from the browser and stores nothing itself.

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function renderCallSimulator(opts: { mailboxUrl?: string | null } = {}): string {
  const mailbox = opts.mailboxUrl ? `<a href="${escapeHtml(opts.mailboxUrl)}">Mailbox</a>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Parley call simulator</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; color: #1f2933; }
  header { display: flex; justify-content: space-between; align-items: baseline; }
  form { display: grid; grid-template-columns: max-content 1fr; gap: .5rem 1rem; align-items: center; margin: 1rem 0; }
  select, input, button { font: inherit; padding: .4rem; }
  .actions { display: flex; gap: .5rem; flex-wrap: wrap; margin: .5rem 0; }
  .log { border: 1px solid #d9e2ec; border-radius: 8px; min-height: 14rem; padding: .75rem; display: flex; flex-direction: column; gap: .4rem; }
  .line { max-width: 80%; padding: .45rem .65rem; border-radius: 10px; white-space: pre-wrap; }
  .line.user { align-self: flex-end; background: #dcf8c6; }
  .line.assistant { align-self: flex-start; background: #eef2f6; }
  .hint { color: #52606d; font-size: .9rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
  dt { color: #52606d; } dd { margin: 0; }
</style>
</head>
<body>
<header><h1>Call simulator</h1>${mailbox}</header>
<p class="hint">Ring a number connected to an agent and talk to it as the caller, in text: each line goes to the agent's model as speech would. Nothing leaves this machine.</p>
<form id="setup" onsubmit="return false">
  <label for="number">Number to ring</label>
  <span><select id="number"></select> <button type="button" id="refresh">Refresh numbers</button></span>
  <label for="from">Caller number</label>
  <input id="from" value="+15005550006" autocomplete="off">
  <label for="duration">Call length in seconds (empty: as long as it lasted)</label>
  <input id="duration" type="number" min="0" step="1" autocomplete="off">
</form>
<div class="actions">
  <button type="button" id="ring">Ring</button>
  <button type="button" id="hangup" disabled>Hang up</button>
  <button type="button" id="resend" disabled>Send the end-of-call report again</button>
</div>
<p id="status" role="status" class="hint">No call yet.</p>
<div class="log" id="log" role="log" aria-label="Call transcript" aria-live="polite"></div>
<form id="say">
  <label for="line">Say as the caller</label>
  <span><input id="line" autocomplete="off" disabled> <button type="submit" id="send" disabled>Say</button></span>
</form>
<section aria-label="End-of-call report"><h2>End-of-call report</h2><dl id="report"><dt>Sent</dt><dd>Not yet</dd></dl></section>
<script>
(function () {
  var select = document.getElementById('number');
  var log = document.getElementById('log');
  var statusLine = document.getElementById('status');
  var callId = '';
  var live = false;
  function el(id) { return document.getElementById(id); }
  function setLive(on) {
    live = on;
    el('line').disabled = !on; el('send').disabled = !on; el('hangup').disabled = !on; el('ring').disabled = on;
  }
  function line(role, text) {
    var p = document.createElement('p');
    p.className = 'line ' + role;
    p.setAttribute('data-role', role);
    p.textContent = (role === 'user' ? 'Caller: ' : 'Agent: ') + text;
    log.appendChild(p);
    return p;
  }
  async function post(path, body) {
    var res = await fetch('/__sim' + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body || {}) });
    return { status: res.status, body: await res.json().catch(function () { return {}; }) };
  }
  function showReport(r) {
    var list = el('report');
    list.innerHTML = '';
    [['Sent', new Date().toLocaleTimeString()], ['Duration', r.durationSeconds + ' s'], ['Cost', '$' + r.cost], ['Ended reason', r.endedReason]].forEach(function (pair) {
      var dt = document.createElement('dt'); dt.textContent = pair[0];
      var dd = document.createElement('dd'); dd.textContent = String(pair[1]);
      list.appendChild(dt); list.appendChild(dd);
    });
  }
  async function loadNumbers() {
    var res = await fetch('/__sim/numbers').then(function (r) { return r.json(); }).catch(function () { return { numbers: [] }; });
    var before = select.value;
    select.innerHTML = '';
    if (!res.numbers.length) {
      var none = document.createElement('option'); none.value = ''; none.textContent = 'No number connected yet';
      select.appendChild(none);
    }
    res.numbers.forEach(function (n) {
      var o = document.createElement('option'); o.value = n.number; o.textContent = n.number + (n.name ? ' · ' + n.name : '');
      select.appendChild(o);
    });
    if (res.numbers.some(function (n) { return n.number === before; })) select.value = before;
  }
  el('ring').addEventListener('click', async function () {
    if (!select.value) return;
    log.innerHTML = '';
    statusLine.textContent = 'Ringing ' + select.value + '…';
    var r = await post('/ring', { number: select.value, from: el('from').value.trim() });
    if (r.status !== 200) { statusLine.textContent = r.body.error || 'The call could not be placed.'; return; }
    callId = r.body.callId;
    el('resend').disabled = true;
    if (r.body.error) { line('assistant', r.body.error); statusLine.textContent = 'The call was refused.'; return; }
    var calls = await fetch('/__sim/calls').then(function (x) { return x.json(); });
    var call = calls.calls.find(function (c) { return c.id === callId; });
    (call ? call.turns : []).forEach(function (t) { line(t.role, t.text); });
    statusLine.textContent = 'In call with ' + select.value + '.';
    setLive(true);
    el('line').focus();
  });
  el('say').addEventListener('submit', async function (event) {
    event.preventDefault();
    var text = el('line').value.trim();
    if (!live || !text) return;
    el('line').value = '';
    line('user', text);
    var answer = line('assistant', '');
    var res = await fetch('/__sim/calls/' + encodeURIComponent(callId) + '/say?stream=1', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: text }) });
    if (!res.ok || !res.body) { answer.textContent = 'Agent: (no answer, HTTP ' + res.status + ')'; return; }
    var reader = res.body.getReader();
    var decoder = new TextDecoder();
    var said = '';
    for (;;) {
      var part = await reader.read();
      if (part.done) break;
      said += decoder.decode(part.value, { stream: true });
      answer.textContent = 'Agent: ' + said;
    }
  });
  el('hangup').addEventListener('click', async function () {
    var seconds = el('duration').value.trim();
    var r = await post('/calls/' + encodeURIComponent(callId) + '/hangup', seconds ? { durationSeconds: Number(seconds) } : {});
    setLive(false);
    statusLine.textContent = r.status === 200 ? 'Call ended; the end-of-call report was sent.' : (r.body.error || 'The call could not be ended.');
    if (r.status === 200) { showReport(r.body); el('resend').disabled = false; }
  });
  el('resend').addEventListener('click', async function () {
    var r = await post('/calls/' + encodeURIComponent(callId) + '/report');
    statusLine.textContent = r.status === 200 ? 'The end-of-call report was sent again.' : (r.body.error || 'The report could not be sent.');
    if (r.status === 200) showReport(r.body);
  });
  el('refresh').addEventListener('click', function () { void loadNumbers(); });
  setLive(false);
  void loadNumbers();
})();
</script>
</body>
</html>`;
}
