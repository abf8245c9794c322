// The production adapter: the official Vapi web SDK joins the call our server created (its webCallUrl) and carries the
// audio; its transcript messages become the panel's lines.
import Vapi from '@vapi-ai/web';
import { isMicrophoneRefusal, type CallEvents, type JoinCall, type StartedCall, type VoiceCall } from './transport';

interface TranscriptMessage {
  type?: string;
  role?: string;
  transcriptType?: string;
  transcript?: string;
}

export const joinVapiCall: JoinCall = async (call: StartedCall, events: CallEvents): Promise<VoiceCall> => {
  // The call is created by our server with the platform's key; joining it needs no key in the browser.
  const vapi = new Vapi('');
  vapi.on('call-start', () => events.onLive());
  vapi.on('call-end', () => events.onEnded());
  vapi.on('message', (message: TranscriptMessage) => {
    if (message.type !== 'transcript' || typeof message.transcript !== 'string') return;
    events.onLine({ role: message.role === 'user' ? 'user' : 'assistant', text: message.transcript, final: message.transcriptType === 'final' });
  });
  vapi.on('error', (error: unknown) => events.onFailed(isMicrophoneRefusal(error) ? 'microphone' : 'connection'));
  await vapi.reconnect({ webCallUrl: call.webCallUrl, id: call.callId });
  return {
    setMuted: (muted) => vapi.setMuted(muted),
    hangUp: () => vapi.stop(),
  };
};
