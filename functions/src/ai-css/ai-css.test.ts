/* eslint-disable @typescript-eslint/no-explicit-any -- JSON replies are inspected loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveApi } from '../http/serve';
import { seedAgent } from '../testing/agent-builder-env';
import { extractCssBlocks } from '@parley/core';
import { setCssResponder } from './generate';
import { endpoints } from './index';
import { offlineCss } from './offline-css';

let api: Awaited<ReturnType<typeof serveApi>>;
const savedEnv = { key: process.env.OPENAI_API_KEY, base: process.env.OPENAI_BASE_URL };

beforeAll(async () => {
  delete process.env.OPENAI_API_KEY;
  api = await serveApi(endpoints);
  await seedAgent('na', 'cssAgent00000001', 'css-owner', 'vg_cssAgentSecret0000001');
});
afterAll(async () => {
  setCssResponder(null);
  if (savedEnv.key !== undefined) process.env.OPENAI_API_KEY = savedEnv.key;
  await api?.close();
});

const ask = (content: string, extra: Record<string, unknown> = {}) =>
  fetch(`${api.url}/api/ai-css-generator`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content }], currentCSS: '', agentID: 'cssAgent00000001', bucket: '(default)', userData: {}, ...extra }),
  });

describe('offline CSS responder', () => {
  it('writes real CSS for colours, rounded corners, fonts and bubble sizes', () => {
    expect(offlineCss('make the header dark green #065f46')).toBe('.head {\n  background: #065f46;\n}');
    expect(offlineCss('rounded corners please')).toContain('border-radius: 16px;');
    expect(offlineCss('use a serif font')).toContain('font-family: Georgia');
    expect(offlineCss('make message bubbles wider')).toContain('max-width: 92%;');
    expect(offlineCss('make the user bubbles purple')).toContain('.user .msg {\n  background: #7c3aed;');
    expect(offlineCss('tell me a joke')).toBeNull();
  });
});

describe('extractCssBlocks', () => {
  it('finds css fences, falls back to css-looking fences, and reports none', () => {
    expect(extractCssBlocks('Here:\n```css\n.a { color: red; }\n```\nand\n```css\n.b { color: blue; }\n```')).toBe('.a { color: red; }\n\n.b { color: blue; }');
    expect(extractCssBlocks('```\n.head { background: #000; }\n```')).toBe('.head { background: #000; }');
    expect(extractCssBlocks('No code here.')).toBeNull();
  });
});

describe('POST /api/ai-css-generator', () => {
  it('answers with a css block from the offline responder when no LLM is configured', async () => {
    const res = await ask('Make the send button #ff0000 and round the corners');
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.success).toBe(true);
    const css = extractCssBlocks(body.response)!;
    expect(css).toContain('.send');
    expect(css).toContain('#ff0000');
    expect(css).toContain('border-radius');
  });

  it('reports failures with the spec message, refuses unknown agents and invalid bodies', async () => {
    setCssResponder(async () => {
      throw new Error('provider down');
    });
    const failed = await ask('anything');
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ success: false, error: 'Failed to generate CSS. Please try again.' });
    setCssResponder(null);
    expect((await ask('x', { agentID: 'noSuchAgent' })).status).toBe(404);
    const invalid = await ask('x', { messages: [] });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as any).error).toContain('messages');
  });
});
