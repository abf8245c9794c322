import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AiCssAssistant } from './AiCssAssistant';

// happy-dom has no document.fonts; Mantine's autosize textarea listens to it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });

/** POST /api/ai-css-generator: what it received, and how it answers ({ status, body }). */
const requests: unknown[] = [];
const generated = async () => ({ status: 200, body: { success: true, response: 'Here:\n```css\n.head { background: #065f46; }\n```' } });
let respond: () => Promise<{ status: number; body: unknown }> = generated;
beforeEach(() => {
  // Tests run in any order (--sequence.shuffle): each starts with the server answering CSS.
  respond = generated;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url !== '/api/ai-css-generator') throw new Error(`unexpected ${url}`);
    requests.push(JSON.parse(String(init.body)));
    const { status, body } = await respond();
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

async function open(onInsert = vi.fn()) {
  render(
    <MantineProvider env="test">
      <Notifications />
      <AiCssAssistant agentId="A1" region="eu" userId="u1" currentCSS=".old{}" onInsert={onInsert} />
    </MantineProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'AI CSS Assistant' }));
  return { onInsert, box: await screen.findByLabelText('Message to the AI CSS Assistant') };
}

beforeEach(() => {
  requests.length = 0;
});

describe('AI CSS Assistant', () => {
  it('sends on Ctrl+Enter, ignores empty input, and inserts the generated CSS', async () => {
    const { onInsert, box } = await open();
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(requests).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'dark green header' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(requests).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter', metaKey: true });
    await waitFor(() => expect(onInsert).toHaveBeenCalledWith('.head { background: #065f46; }'));
    expect(requests[0]).toMatchObject({ messages: [{ role: 'user', content: 'dark green header' }], currentCSS: '.old{}', agentID: 'A1', bucket: 'voiceglow-eu' });
    expect(await screen.findByText('CSS generated and inserted successfully!')).toBeTruthy();
  });

  it('ignores messages while generating', async () => {
    let release: (v: { status: number; body: unknown }) => void = () => undefined;
    respond = () => new Promise((r) => (release = r));
    const { box } = await open();
    fireEvent.change(box, { target: { value: 'round corners' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    fireEvent.change(box, { target: { value: 'again' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(requests).toHaveLength(1);
    release({ status: 200, body: { success: true, response: 'No code, sorry.' } });
    expect(await screen.findByText('Generated response but no CSS code found. Please check the chat for the response.')).toBeTruthy();
    fireEvent.click(await screen.findByText('Insert CSS'));
    expect(await screen.findByText('No CSS code found in this message.')).toBeTruthy();
  });

  it('reports failures', async () => {
    respond = async () => ({ status: 502, body: { success: false, error: 'Failed to generate CSS. Please try again.' } });
    const { box } = await open();
    fireEvent.change(box, { target: { value: 'x' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText('Failed to generate CSS. Please try again.')).toBeTruthy();
  });
});
