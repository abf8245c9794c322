import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// happy-dom has no document.fonts; Mantine's autosize textarea listens to it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });

const requests: unknown[] = [];
let respond: () => Promise<unknown> = async () => ({ success: true, response: 'Here:\n```css\n.head { background: #065f46; }\n```' });
vi.mock('../../lib/api', () => ({
  apiFetch: (_path: string, opts: { body: unknown }) => {
    requests.push(opts.body);
    return respond();
  },
}));
const { AiCssAssistant } = await import('./AiCssAssistant');

async function open(onInsert = vi.fn()) {
  render(
    <MantineProvider>
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
    let release: (v: unknown) => void = () => undefined;
    respond = () => new Promise((r) => (release = r));
    const { box } = await open();
    fireEvent.change(box, { target: { value: 'round corners' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    fireEvent.change(box, { target: { value: 'again' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(requests).toHaveLength(1);
    release({ success: true, response: 'No code, sorry.' });
    expect(await screen.findByText('Generated response but no CSS code found. Please check the chat for the response.')).toBeTruthy();
    fireEvent.click(await screen.findByText('Insert CSS'));
    expect(await screen.findByText('No CSS code found in this message.')).toBeTruthy();
  });

  it('reports failures', async () => {
    respond = async () => {
      throw new Error('502');
    };
    const { box } = await open();
    fireEvent.change(box, { target: { value: 'x' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText('Failed to generate CSS. Please try again.')).toBeTruthy();
  });
});
