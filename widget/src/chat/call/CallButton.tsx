// The chat's call button. Everything else about a call — the transport (the Vapi web SDK, or the local stand-in's
// adapter), the panel with its states, words and styles — is voice.js, imported only when the visitor presses the
// button, beside the request that starts the call: the chat's first load carries none of it. The panel renders into
// its own element with the chunk's own Preact.
import { useRef, useState } from 'preact/hooks';
import type { WebCallStarted } from '../api';
import type { Words } from '../i18n';
import type { VoiceChunk } from './transport';

/** voice.js sits beside chat.html, as app-check.js does. */
export const loadVoiceChunk = (): Promise<VoiceChunk> => import(new URL('voice.js', location.href).href) as Promise<VoiceChunk>;

export interface CallButtonProps {
  words: Pick<Words, 'call' | 'callFailed'>;
  lang: string;
  startCall: () => Promise<WebCallStarted>;
  loadVoice?: () => Promise<VoiceChunk>;
}

export function CallButton({ words, lang, startCall, loadVoice = loadVoiceChunk }: CallButtonProps) {
  const [pressed, setPressed] = useState(false);
  const [failed, setFailed] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const press = () => {
    setPressed(true);
    setFailed(false);
    const started = startCall();
    started.catch(() => undefined);
    loadVoice().then(
      (voice) => voice.mountCall(panel.current!, { words, lang, started, startCall }),
      () => setFailed(true),
    );
  };
  return (
    <div>
      {pressed ? null : (
        <button class="call-start" type="button" onClick={press}>
          <span aria-hidden="true">✆ </span>
          {words.call}
        </button>
      )}
      {failed ? <div class="notice" role="alert">{words.callFailed}</div> : null}
      <div ref={panel} />
    </div>
  );
}
