// The local adapter: a web call on the Vapi stand-in (local/fakes/vapi), which has no audio. Its webCallUrl is
// `{stand-in}/__web/{callId}`; joining connects the call there, a typed line is "said" (the stand-in sends it to the
// agent's custom LLM and streams the answer back as text), hanging up sends the end-of-call report.
import type { CallEvents, JoinCall, StartedCall, VoiceCall } from './transport';

const LOCAL_CALL = /^(https?:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?)\/__web\/([\w-]+)$/;

/** The stand-in's base URL and call id, when the call is on a local stand-in. */
export function localCall(webCallUrl: string): { base: string; callId: string } | null {
  const match = LOCAL_CALL.exec(webCallUrl);
  return match ? { base: match[1]!, callId: match[2]! } : null;
}

export function joinLocalCall(fetchImpl: typeof fetch = (...a) => fetch(...a)): JoinCall {
  return async (call: StartedCall, events: CallEvents): Promise<VoiceCall> => {
    const where = localCall(call.webCallUrl);
    if (!where) throw new Error('Not a local call.');
    const sim = `${where.base}/__sim`;
    const callPath = `${sim}/calls/${encodeURIComponent(where.callId)}`;
    const post = (path: string, body: unknown = {}) => fetchImpl(`${callPath}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!(await post('start')).ok) throw new Error('The call could not be joined.');
    // The assistant's first message, spoken as the call connects.
    const listed = (await (await fetchImpl(`${sim}/calls`)).json()) as { calls: Array<{ id: string; turns: Array<{ role: 'user' | 'assistant'; text: string }> }> };
    events.onLive();
    for (const turn of listed.calls.find((c) => c.id === where.callId)?.turns ?? []) events.onLine({ ...turn, final: true });
    let ended = false;
    return {
      setMuted: () => undefined,
      async say(text) {
        if (ended) return;
        events.onLine({ role: 'user', text, final: true });
        const res = await post('say?stream=1', { text });
        if (!res.ok || !res.body) return;
        const decoder = new TextDecoder();
        let said = '';
        const reader = res.body.getReader();
        for (;;) {
          const part = await reader.read();
          if (part.done) break;
          said += decoder.decode(part.value, { stream: true });
          events.onLine({ role: 'assistant', text: said, final: false });
        }
        if (said) events.onLine({ role: 'assistant', text: said, final: true });
      },
      async hangUp() {
        if (ended) return;
        ended = true;
        await post('hangup').catch(() => undefined);
        events.onEnded();
      },
    };
  };
}
