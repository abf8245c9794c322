// Server-Sent Events read from a fetch response body (EventSource cannot POST): the chat endpoint streams its
// answer this way to the widget and to the dashboard's test chat.

export interface SseEvent {
  event: string;
  data: string;
}

/** Splits a text buffer into complete events; returns them and the unfinished remainder. */
export function parseSseBuffer(buffer: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/** The events of a streamed body, in order; an event cut off by the end of the stream is still read. */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true });
    const { events, rest } = parseSseBuffer(done ? `${buffer}\n\n` : buffer);
    buffer = rest;
    for (const event of events) yield event;
    if (done) return;
  }
}
