import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerFor, start } from './index';

let fake: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  fake = await start({ port: 0 });
});
afterAll(() => fake.stop());

const post = (body: unknown, key = 'sk-test') =>
  fetch(`${fake.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('LLM fake', () => {
  it('answers from the request: the question and the best-matching context sentence', () => {
    const text = answerFor([
      { role: 'system', content: 'Be nice.\n<context>\n[1] faq: We open at 7am. Delivery costs 3 euros.\n</context>' },
      { role: 'user', content: 'How much does delivery cost?' },
    ]);
    expect(text).toBe('You asked: "How much does delivery cost?". From the knowledge base: Delivery costs 3 euros.');
  });

  it('streams chunks ending with [DONE] and usage when asked, and records the request', async () => {
    await fetch(`${fake.url}/__recorded`, { method: 'DELETE' });
    const res = await post({ model: 'm', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Hello there friend' }] });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const lines = (await res.text()).split('\n\n').filter(Boolean);
    expect(lines.at(-1)).toBe('data: [DONE]');
    const chunks = lines.slice(0, -1).map((l) => JSON.parse(l.slice(6)));
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toContain('Hello there friend');
    expect(chunks.at(-1).usage.total_tokens).toBeGreaterThan(0);
    const recorded = (await (await fetch(`${fake.url}/__recorded`)).json()) as Array<{ headers: Record<string, string> }>;
    expect(recorded[0]!.headers.authorization).toBe('Bearer ***test');
  });

  it('serves scripted failures in order, then recovers', async () => {
    await fetch(`${fake.url}/__control`, { method: 'POST', body: JSON.stringify({ failures: [{ status: 429 }, { status: 500 }] }) });
    expect((await post({ messages: [{ role: 'user', content: 'a' }] })).status).toBe(429);
    expect((await post({ messages: [{ role: 'user', content: 'a' }] })).status).toBe(500);
    const ok = await post({ messages: [{ role: 'user', content: 'a' }] });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { choices: Array<{ message: { role: string } }> }).choices[0]!.message.role).toBe('assistant');
  });

  it('refuses requests without a key or messages', async () => {
    const noKey = await fetch(`${fake.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify({ messages: [{ role: 'user', content: 'a' }] }) });
    expect(noKey.status).toBe(401);
    expect((await post({ messages: [] })).status).toBe(400);
  });
});
