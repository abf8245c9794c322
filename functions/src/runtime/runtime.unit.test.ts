// Pure parts of the runtime: retries, history budget, prompt, offline answers, Voiceflow traces, credits.
import { describe, expect, it } from 'vitest';
import { runtimeAgentSchema, type RuntimeAgent } from './agent';
import { creditsFor } from './metering';
import { offlineAnswer } from './offline';
import { buildMessages } from './prompt';
import { DeadlineExceeded, isTransient, withRetry } from './retry';
import { fitHistory } from './tokens';
import { tracesToParts } from './voiceflow';

const agent = (extra: Record<string, unknown> = {}): RuntimeAgent => ({ ...runtimeAgentSchema.parse({ title: 'Helper', ownerID: 'o', ...extra }), ID: 'A' });

describe('retry', () => {
  it('retries transient failures with growing pauses, then succeeds', async () => {
    const pauses: number[] = [];
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls++;
        if (calls < 3) throw Object.assign(new Error('busy'), { status: calls === 1 ? 429 : 503 });
        return 'ok';
      },
      { deadlineMs: 10_000, baseDelayMs: 100, maxAttempts: 4, sleep: async (ms) => void pauses.push(ms) },
    );
    expect(result).toBe('ok');
    expect(pauses).toHaveLength(2);
    expect(pauses[0]).toBeGreaterThanOrEqual(75);
    expect(pauses[1]).toBeGreaterThan(pauses[0]!);
  });

  it('does not retry client errors, and gives up at the attempt limit', async () => {
    await expect(withRetry(async () => Promise.reject(Object.assign(new Error('bad'), { status: 400 })), { deadlineMs: 1000, baseDelayMs: 1, maxAttempts: 3, sleep: async () => undefined })).rejects.toThrow('bad');
    await expect(withRetry(async () => Promise.reject(Object.assign(new Error('down'), { status: 500 })), { deadlineMs: 1000, baseDelayMs: 1, maxAttempts: 3, sleep: async () => undefined })).rejects.toBeInstanceOf(DeadlineExceeded);
    expect(isTransient({ name: 'APIConnectionTimeoutError' })).toBe(true);
    expect(isTransient(new RangeError('x'))).toBe(false);
  });
});

describe('history budget', () => {
  it('keeps the newest turns that fit, oldest first', () => {
    const turns = Array.from({ length: 10 }, (_, i) => ({ role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant', text: `${i}`.repeat(40) }));
    const kept = fitHistory(turns, 60); // 14 tokens a turn (40 chars + overhead): four fit
    expect(kept.map((t) => t.text[0])).toEqual(['6', '7', '8', '9']);
  });
});

describe('prompt', () => {
  it('puts the system prompt, numbered context, history and the message in order', () => {
    const messages = buildMessages({
      agent: agent({ vg_systemPrompt: 'Be brief.', smartInit: true, vg_initPrompt: 'Welcome them.', listenForUrlChanges: true }),
      passages: [{ docId: 'd', name: 'faq.txt', text: 'We open at 7.', score: 2 }],
      history: [{ role: 'user', text: 'hi' }, { role: 'assistant', text: 'hello' }],
      message: 'When do you open?',
      isFirstMessage: true,
      pageUrl: 'https://shop.example/hours',
      lang: 'pt',
    });
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    const system = messages[0]!.content;
    expect(system).toMatch(/^Be brief\./);
    expect(system).toContain('<context>\n[1] faq.txt: We open at 7.\n</context>');
    expect(system).toContain("This is the visitor's first message. Welcome them.");
    expect(system).toContain('https://shop.example/hours');
    expect(system).toContain('"pt"');
    expect(messages[3]!.content).toBe('When do you open?');
  });
});

describe('offline responder', () => {
  it('quotes at most two passages with their names, labelled offline', () => {
    const text = offlineAnswer([
      { docId: 'a', name: 'one.txt', text: 'First passage.', score: 3 },
      { docId: 'b', name: 'two.txt', text: 'Second passage.', score: 2 },
      { docId: 'c', name: 'three.txt', text: 'Third passage.', score: 1 },
    ]);
    expect(text).toContain('Offline mode (no language model is configured)');
    expect(text).toContain('> First passage.\n— one.txt');
    expect(text).toContain('> Second passage.\n— two.txt');
    expect(text).not.toContain('Third');
  });
});

describe('voiceflow traces', () => {
  it('keeps text and speak messages without SSML, drops other traces', () => {
    expect(
      tracesToParts([
        { type: 'speak', payload: { message: '<voice name="x">Hello there</voice>' } },
        { type: 'choice', payload: { buttons: [] } },
        { type: 'text', payload: { message: 'How can I help?' } },
        { type: 'end' },
      ]),
    ).toEqual(['Hello there', 'How can I help?']);
    expect(tracesToParts({ not: 'an array' })).toEqual([]);
  });
});

describe('credits', () => {
  it('charges one credit per answer plus one per thousand tokens beyond the first thousand', () => {
    expect(creditsFor(0)).toBe(1);
    expect(creditsFor(800)).toBe(1);
    expect(creditsFor(2500)).toBe(2.5);
  });
});
