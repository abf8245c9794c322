// Pure parts of the runtime: retries, history budget, prompt, offline answers, Voiceflow traces, credits.
import { describe, expect, it } from 'vitest';
import { runtimeAgentSchema, type RuntimeAgent } from './agent';
import { offlineAnswer } from './offline';
import { buildMessages } from './prompt';
import { DeadlineExceeded, isTransient, withRetry } from '../../adapters/llm/retry';
import { fitHistory } from '../../adapters/llm/tokens';
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
  it('reserves the most an answer can cost: the largest prompt and the longest reply, at the model rate', async () => {
    const { answerEstimate } = await import('./answer');
    const helper = agent({ vg_systemPrompt: 'x'.repeat(4000), topChunks: 2, vgOptions: { maxChunkSize: 2000 }, vg_maxTokens: 1000 });
    // 1000 (system) + 1000 (2 passages) + 3000 (history budget) + 25 (message) + 200 = 5225 input tokens, 1000 output.
    expect(answerEstimate(helper, 'gpt-4o-mini', 'm'.repeat(100))).toBe(6.3);
    expect(answerEstimate(helper, 'gpt-4o', 'm'.repeat(100))).toBe(46.2);
    expect(answerEstimate(helper, null, 'anything')).toBe(1);
    // A flow's step adds its instructions to the prompt: the longest step is reserved for.
    const nodes = [
      { id: 's', type: 'start', next: 'a' },
      { id: 'a', type: 'default', name: 'ask', instructions: 'y'.repeat(8000), edges: [{ id: 'e', target: 'z', condition: 'done' }] },
      { id: 'z', type: 'end' },
    ];
    const withFlow = agent({ ...helper, enableNodes: true, nodes });
    expect(answerEstimate(withFlow, 'gpt-4o', 'm'.repeat(100))).toBeGreaterThan(answerEstimate(helper, 'gpt-4o', 'm'.repeat(100)));
  });

  it('reads only catalogue models and caps the reply length of stored agents', () => {
    expect(agent({ vg_defaultModel: 'gpt-4-32k', vg_maxTokens: 100_000 })).toMatchObject({ vg_defaultModel: undefined, vg_maxTokens: 4096 });
    expect(agent({ vg_defaultModel: 'gpt-4o' }).vg_defaultModel).toBe('gpt-4o');
  });

  it('caps every conversation by default; 0 is the owner choosing no cap', () => {
    expect(agent().messagesLimit).toBe(50);
    expect(agent({ messagesLimit: 0 }).messagesLimit).toBe(0);
    expect(agent({ messagesLimit: 'many' }).messagesLimit).toBe(50);
  });
});

describe('firestore.rules', () => {
  it("allows exactly core's model catalogue and reply cap on agents", async () => {
    const { readFile } = await import('node:fs/promises');
    const { MODEL_IDS, VG_MAX_TOKENS_CAP } = await import('@parley/core');
    const rules = await readFile(new URL('../../../../firestore.rules', import.meta.url), 'utf8');
    const listed = /function catalogueModels\(\) \{\s*return \[([^\]]*)\];/.exec(rules)?.[1];
    expect(listed?.split(',').map((m) => m.trim().replace(/'/g, ''))).toEqual([...MODEL_IDS]);
    expect(/function vgMaxTokensCap\(\) \{\s*return (\d+);/.exec(rules)?.[1]).toBe(String(VG_MAX_TOKENS_CAP));
  });
});
