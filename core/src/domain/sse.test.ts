import { describe, expect, it } from 'vitest';
import { parseSseBuffer, readSse } from './sse';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('Server-Sent Events', () => {
  it('returns complete events and keeps a split event for the next chunk', () => {
    const first = parseSseBuffer('event: start\ndata: {"conversationId":"c1"}\n\nevent: delta\ndata: {"text":"Hel');
    expect(first.events).toEqual([{ event: 'start', data: '{"conversationId":"c1"}' }]);
    const second = parseSseBuffer(`${first.rest}lo"}\n\n`);
    expect(second.events).toEqual([{ event: 'delta', data: '{"text":"Hello"}' }]);
    expect(second.rest).toBe('');
  });

  it('reads a body split anywhere, CRLF line ends and a last event without its blank line included', async () => {
    const events = [];
    for await (const event of readSse(streamOf(['event: de', 'lta\r\ndata: {"text":"a"}\r\n\r\n', 'data: x\ndata: y\n\nevent: done\ndata: {}']))) events.push(event);
    expect(events).toEqual([
      { event: 'delta', data: '{"text":"a"}' },
      { event: 'message', data: 'x\ny' },
      { event: 'done', data: '{}' },
    ]);
  });
});
