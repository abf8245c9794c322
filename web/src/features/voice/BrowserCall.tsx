// The testCall tab's browser call: the agent answers in this browser, as it answers a visitor's call from the widget.
// The call panel and its transport (the Vapi web SDK; locally, the voice stand-in's typed lines) are the widget's
// voice.js, served beside the widget and loaded only when the button is pressed; the dashboard starts the call
// (startWebCall: admitted, billed and kept in Chats like any call) and hands it over. Leaving the page hangs up.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Region } from '@parley/core';
import { createContext, useContext, useEffect, useRef, useState, type CSSProperties } from 'react';
import { errorMessage } from '../../lib/api';
import { startWebCall } from './voice-api';

interface StartedCall {
  callId: string;
  webCallUrl: string;
}

/** What the widget's voice.js exports (widget/src/chat/call/transport.ts). */
export interface VoiceChunk {
  mountCall(
    element: HTMLElement,
    props: { words: { call: string; callFailed: string }; lang: string; started: Promise<StartedCall>; startCall: () => Promise<StartedCall> },
  ): () => void;
}

const loadWidgetVoice = () => import(/* @vite-ignore */ new URL('/widget/voice.js', location.origin).href) as Promise<VoiceChunk>;

/** How voice.js is loaded: from the widget's hosting by default; tests hand in a chunk of their own. */
export const VoiceChunkContext = createContext<() => Promise<VoiceChunk>>(loadWidgetVoice);

export const BROWSER_CALL_WORDS = { call: 'Call in the browser', callFailed: 'The browser call could not be connected. Please try again.' };

// The panel's colours, which the widget takes from its theme.
const PANEL_COLOURS = { '--line': 'var(--mantine-color-gray-4)', '--bg': 'var(--mantine-color-body)', '--fg': 'var(--mantine-color-text)' } as CSSProperties;

export function BrowserCall({ region, agentId }: { region: Region; agentId: string }) {
  const load = useContext(VoiceChunkContext);
  const panel = useRef<HTMLDivElement>(null);
  const unmount = useRef<(() => void) | null>(null);
  const [pressed, setPressed] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => () => unmount.current?.(), []);

  // A refusal (credits, lines, no voice set up …) is the panel's sentence: it reads `status` and `message`.
  const start = (): Promise<StartedCall> =>
    startWebCall({ region, agentId }).then(
      ({ callId, webCallUrl }) => ({ callId, webCallUrl }),
      (error: unknown) => {
        throw Object.assign(new Error(errorMessage(error, BROWSER_CALL_WORDS.callFailed)), { status: 400 });
      },
    );
  // The call starts while the panel loads; the panel joins it (or shows its refusal) once mounted.
  const press = async () => {
    const started = start();
    started.catch(() => undefined);
    setFailed(false);
    setPressed(true);
    const voice = await load().catch(() => null);
    if (!voice) {
      setPressed(false);
      setFailed(true);
    } else if (panel.current) {
      unmount.current = voice.mountCall(panel.current, { words: BROWSER_CALL_WORDS, lang: 'en', started, startCall: start });
    }
  };

  return (
    <Stack gap="xs" maw={420}>
      <Text size="sm">Or talk to the agent here, with your microphone.</Text>
      {pressed ? null : (
        <Group>
          <Button variant="light" onClick={() => void press()}>{BROWSER_CALL_WORDS.call}</Button>
        </Group>
      )}
      {failed ? <Alert color="red" role="alert">{BROWSER_CALL_WORDS.callFailed}</Alert> : null}
      <div ref={panel} style={PANEL_COLOURS} />
    </Stack>
  );
}
