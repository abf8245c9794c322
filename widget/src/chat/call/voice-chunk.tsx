// Entry of widget/dist/voice.js, imported by the chat only when the visitor presses the call button (CallButton.tsx),
// and by the dashboard's browser call (web's BrowserCall.tsx): the call panel and the voice transport. A call on the
// local Vapi stand-in joins through the local adapter (no audio, typed lines); every other call through the Vapi web
// SDK.
import { render } from 'preact';
import { addCallStyle, CallPanel } from './CallPanel';
import { joinLocalCall, localCall } from './local-transport';
import type { JoinCall, MountCall } from './transport';
import { joinVapiCall } from './vapi-transport';

const joinLocal = joinLocalCall();

export const joinCall: JoinCall = (call, events) => (localCall(call.webCallUrl) ? joinLocal(call, events) : joinVapiCall(call, events));

export const mountCall: MountCall = (element, props) => {
  addCallStyle(element.ownerDocument);
  render(<CallPanel {...props} join={joinCall} />, element);
  return () => render(null, element);
};
