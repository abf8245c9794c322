// The call panel (part of voice.js, rendered with the chunk's own Preact into the element the chat's call button gives):
// connecting, live (the transcript lines as they come, mute, hang up, and a typed line where there is no audio),
// ended; a refused microphone or a refused call reads a plain sentence.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiError } from '../api';
import { CALL_CSS, CALL_CSS_ID } from './styles';
import { isMicrophoneRefusal, type CallLine, type JoinCall, type MountCall, type VoiceCall } from './transport';
import { callWordsFor } from './words';

type Phase = 'connecting' | 'live' | 'ended';

export type CallPanelProps = Parameters<MountCall>[1] & { join: JoinCall };

/** The transcript so far: a line still being said replaces its own earlier version. */
function withLine(lines: CallLine[], line: CallLine): CallLine[] {
  const last = lines[lines.length - 1];
  return last && !last.final && last.role === line.role ? [...lines.slice(0, -1), line] : [...lines, line];
}

/** Adds the panel's stylesheet to the chat once. */
export function addCallStyle(doc: Document): void {
  if (doc.getElementById(CALL_CSS_ID)) return;
  const style = doc.createElement('style');
  style.id = CALL_CSS_ID;
  style.textContent = CALL_CSS;
  doc.head.appendChild(style);
}

export function CallPanel({ words, lang, started, startCall, join }: CallPanelProps) {
  const w = callWordsFor(lang);
  const [phase, setPhase] = useState<Phase>('connecting');
  const [lines, setLines] = useState<CallLine[]>([]);
  const [muted, setMuted] = useState(false);
  const [problem, setProblem] = useState('');
  const [draft, setDraft] = useState('');
  const call = useRef<VoiceCall | null>(null);
  /** The joined call, as state: the typed line shows once the transport says it takes one. */
  const [joined, setJoined] = useState<VoiceCall | null>(null);
  /** Hung up while connecting: the call is ended as soon as it is joined. */
  const leaving = useRef(false);
  useEffect(() => {
    void begin(started);
    return () => void call.current?.hangUp();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- joins the call the button started once, as the panel mounts
  }, []);

  const begin = async (start: Promise<{ callId: string; webCallUrl: string }>) => {
    setPhase('connecting');
    setLines([]);
    setProblem('');
    setMuted(false);
    setJoined(null);
    call.current = null;
    leaving.current = false;
    try {
      const joinedCall = await join(await start, {
        onLive: () => setPhase('live'),
        onLine: (line) => setLines((all) => withLine(all, line)),
        onEnded: () => setPhase('ended'),
        onFailed: (failure) => {
          setProblem(failure === 'microphone' ? w.callMic : words.callFailed);
          setPhase('ended');
        },
      });
      call.current = joinedCall;
      setJoined(joinedCall);
      if (leaving.current) await joinedCall.hangUp();
    } catch (error) {
      const sentence = (error as ApiError | null)?.status ? (error as ApiError).message : null;
      setProblem(isMicrophoneRefusal(error) ? w.callMic : (sentence ?? words.callFailed));
      setPhase('ended');
    }
  };
  const hangUp = () => {
    leaving.current = true;
    setPhase('ended');
    void call.current?.hangUp();
  };
  const toggleMute = () => {
    call.current?.setMuted(!muted);
    setMuted(!muted);
  };
  const say = (event: Event) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || !joined?.say) return;
    setDraft('');
    void joined.say(text);
  };

  const status = phase === 'connecting' ? w.callConnecting : phase === 'live' ? w.callLive : w.callEnded;
  return (
    <section class="call-panel" aria-label={words.call}>
      <div class="status" role="status">{status}</div>
      {problem ? <div class="notice" role="alert">{problem}</div> : null}
      <div class="call-lines" role="log" aria-live="polite">
        {lines.map((line, i) => (
          <div key={i} class={`row ${line.role}`} data-role={line.role}>
            <div class="msg">{line.text}</div>
          </div>
        ))}
      </div>
      {phase === 'live' && joined?.say ? (
        <form onSubmit={say}>
          <input aria-label={w.callLine} placeholder={w.callLine} value={draft} onInput={(e) => setDraft((e.target as HTMLInputElement).value)} />
          <button class="send" type="submit" disabled={!draft.trim()}>{w.callSay}</button>
        </form>
      ) : null}
      <div class="call-actions">
        {phase === 'live' ? (
          <button type="button" aria-pressed={muted} onClick={toggleMute}>{muted ? w.unmute : w.mute}</button>
        ) : null}
        {phase === 'ended' ? (
          <button type="button" onClick={() => void begin(startCall())}>{words.call}</button>
        ) : (
          <button type="button" class="hang-up" onClick={hangUp}>{w.hangUp}</button>
        )}
      </div>
    </section>
  );
}
