// The voice transport port: how the chat's call panel talks to a browser call, whatever carries it. Types only, so the
// chat bundle holds none of the transport's code: the adapters live in voice.js (voice-chunk.ts), which the chat
// imports when the visitor presses the call button.

/** A line of the call's transcript; `final` is false while the line is still being said. */
export interface CallLine {
  role: 'user' | 'assistant';
  text: string;
  final: boolean;
}

/** Why a call could not go on: the microphone was refused, or the call could not be joined. */
export type CallFailure = 'microphone' | 'connection';

export interface CallEvents {
  /** The call connected: the visitor can talk. */
  onLive(): void;
  onLine(line: CallLine): void;
  /** The call ended (the visitor hung up, the agent ended it, or the line dropped). */
  onEnded(): void;
  onFailed(failure: CallFailure): void;
}

/** A call in progress. */
export interface VoiceCall {
  setMuted(muted: boolean): void;
  hangUp(): Promise<void>;
  /** Only where there is no audio (the local stand-in): a typed line stands in for speech. */
  say?(text: string): Promise<void>;
}

/** The call the server started (`POST /public/agents/{id}/web-call`). */
export interface StartedCall {
  callId: string;
  webCallUrl: string;
}

export type JoinCall = (call: StartedCall, events: CallEvents) => Promise<VoiceCall>;

/**
 * Renders the call panel into `element`: the call `started` is joined at once; "call again" uses `startCall`. Answers
 * how to take the panel away (its call hung up), for a page that outlives it (the dashboard's browser call).
 */
export type MountCall = (
  element: HTMLElement,
  props: { words: { call: string; callFailed: string }; lang: string; started: Promise<StartedCall>; startCall: () => Promise<StartedCall> },
) => () => void;

/** What voice.js exports. */
export interface VoiceChunk {
  mountCall: MountCall;
}

/** A refused microphone, as browsers and the voice SDK report it (DOMException NotAllowedError / permission text). */
export function isMicrophoneRefusal(error: unknown): boolean {
  const e = error as { name?: unknown; message?: unknown; error?: { type?: unknown; msg?: unknown } } | null;
  const text = [e?.name, e?.message, e?.error?.type, e?.error?.msg].filter((v) => typeof v === 'string').join(' ');
  return /NotAllowedError|PermissionDenied|permission|not-allowed|cam-mic-error|microphone/i.test(text);
}
