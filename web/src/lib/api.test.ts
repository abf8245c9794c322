// Calls through contracts: what reaches the server, and what a page gets back (the parsed answer, the
// server's own sentence for a refusal, and nothing of an answer the contract does not describe).
import { agentsApi, conversationsApi, knowledgeApi, workspacesApi } from '@parley/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerCallables } from '../test/callables';
import { stubFetch } from '../test/render';
import { ApiError, callApi, streamApi, UnexpectedAnswerError } from './api';
import { callFunction } from './functions';

afterEach(() => vi.unstubAllGlobals());

describe('callApi', () => {
  it('builds the URL from the contract, sends the bearer and body, and answers the parsed output', async () => {
    const api = stubFetch(() => ({ status: 200, body: { success: true, workspace: { uid: 'w 1', workspaceName: 'Acme' } } }));
    vi.stubGlobal('fetch', api.fn);
    const reply = await callApi(workspacesApi.saveWorkspace, { params: { uid: 'w 1' }, query: { region: 'eu' }, body: { workspaceName: 'Acme' }, bearer: 'tok' });
    expect(reply.workspace.workspaceName).toBe('Acme');
    expect(api.calls[0]!.url).toBe('/v2/workspaces/w%201?region=eu');
    expect(api.calls[0]!.init.method).toBe('POST');
    expect((api.calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(JSON.parse(String(api.calls[0]!.init.body))).toEqual({ workspaceName: 'Acme' });
  });

  it("refuses with the server's sentence and status", async () => {
    vi.stubGlobal('fetch', stubFetch(() => ({ status: 403, body: { success: false, error: 'Only the workspace owner can do this.' } })).fn);
    const call = callApi(workspacesApi.deleteWorkspace, { params: { uid: 'w1' } });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 403, message: 'Only the workspace owner can do this.' });
  });

  it('does not hand a page an answer the contract does not describe', async () => {
    vi.stubGlobal('fetch', stubFetch(() => ({ status: 200, body: { success: true, languages: 'all of them' } })).fn);
    await expect(callApi(agentsApi.listLanguages, {})).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });
});

describe('streamApi', () => {
  it('yields the streamed events parsed with their schemas, skipping events the contract does not name', async () => {
    const done = { conversationId: 'c_1234567890ab', parts: ['Hi'], sources: [], responder: 'llm', control: 'ai', messageDelayMS: 0, failed: false };
    vi.stubGlobal('fetch', async () => new Response(`event: ping\ndata: {}\n\nevent: delta\ndata: {"text":"Hi"}\n\nevent: done\ndata: ${JSON.stringify(done)}\n\n`));
    const events = [];
    for await (const e of streamApi(conversationsApi.sendChatMessage, { params: { agentId: 'A1' }, body: { action: 'launch', stream: true } })) events.push(e);
    expect(events).toEqual([{ event: 'delta', data: { text: 'Hi' } }, { event: 'done', data: done }]);
  });
});

describe('callFunction', () => {
  it("answers the callable's parsed output, defaults filled in", async () => {
    answerCallables({
      listKnowledgeSources: answer(knowledgeApi.listKnowledgeSources, () => ({
        sources: [{ ID: 'd1', name: 'FAQ', ts: 1, userId: 'u', agentId: 'A1', sourceType: 'doc', refreshRate: 'never', status: 'SUCCESS', charCount: 5, chunkCount: 1 }],
      })),
    });
    expect((await callFunction(knowledgeApi.listKnowledgeSources, { agentId: 'A1' })).sources.map((s) => s.name)).toEqual(['FAQ']);
  });

  it('does not hand a page an answer the contract does not describe', async () => {
    answerCallables({ listKnowledgeSources: () => ({ sources: [{ ID: 'd1' }] }) });
    await expect(callFunction(knowledgeApi.listKnowledgeSources, { agentId: 'A1' })).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });
});
