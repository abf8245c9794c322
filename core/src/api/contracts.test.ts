import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AGENT_SECRET_FIELDS } from '../schemas/agent';
import { agentsApi, allContracts, conversationsApi, defineContract, endpointUrl, knowledgeApi, pathParamNames, type AnyEndpointContract } from './index';

const endpoints = allContracts().filter((c): c is AnyEndpointContract => c.kind === 'endpoint');

describe('contracts', () => {
  it('have unique names, and every endpoint a unique method and path', () => {
    const names = allContracts().map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    const routes = endpoints.map((c) => `${c.method} ${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(endpoints.map((c) => [c.name, c] as const))('%s declares exactly its path parameters', (_name, contract) => {
    const shape = (contract.params as z.ZodObject).shape;
    expect(Object.keys(shape).sort()).toEqual(pathParamNames(contract.path).sort());
  });

  it('GET endpoints take no body', () => {
    for (const contract of endpoints.filter((c) => c.method === 'GET')) {
      expect(Object.keys((contract.body as z.ZodObject).shape), contract.name).toEqual([]);
    }
  });

  it('fills the defaults of an endpoint and of a callable', () => {
    const ping = defineContract({ kind: 'endpoint', name: 'ping', method: 'GET', path: '/ping', auth: 'public', output: z.object({ ok: z.boolean() }) });
    expect(ping).toMatchObject({ response: 'json', events: {} });
    expect(ping.query.parse({ anything: '1' })).toEqual({});
    expect(ping.error.parse({ success: false, error: 'No.' })).toEqual({ success: false, error: 'No.' });
    const call = defineContract({ kind: 'callable', name: 'call', input: z.object({}), output: z.object({}) });
    expect(call.signInMessage).toBe('You must be signed in.');
  });

  it('refuses a region other than na and eu wherever one is taken', () => {
    expect(agentsApi.saveAgent.query.safeParse({ region: 'us' }).error?.issues[0]?.message).toBe('Region must be "na" or "eu".');
    expect(conversationsApi.getPublicAgent.query.parse({})).toEqual({ region: 'na' });
    expect(knowledgeApi.listKnowledgeSources.input.safeParse({ region: '(default)', agentId: 'a' }).success).toBe(false);
  });
});

describe('endpointUrl', () => {
  it('fills and encodes path parameters and drops undefined query values', () => {
    expect(endpointUrl(conversationsApi.pollConversation, { params: { agentId: 'A1', conversationId: 'c_123456789012' }, query: { region: 'eu', since: 5 } }, 'https://api.example/'))
      .toBe('https://api.example/public/agents/A1/conversations/c_123456789012?region=eu&since=5');
    expect(endpointUrl(agentsApi.saveAgent, { params: { agentId: 'x y' }, query: { region: undefined } })).toBe('/v2/agents/x%20y');
    expect(() => endpointUrl(agentsApi.saveAgent, { params: { agentId: '' } })).toThrow(/agentId/);
  });
});

describe('chat', () => {
  it('needs a message for a text action and caps it at 4,000 characters', () => {
    const body = conversationsApi.chatRequestSchema;
    expect(body.safeParse({ action: 'text' }).error?.issues[0]).toMatchObject({ path: ['message'], message: 'A text message needs a non-empty message.' });
    expect(body.safeParse({ message: 'x'.repeat(4001) }).error?.issues[0]?.message).toBe('Messages can be at most 4,000 characters.');
    expect(body.parse({ action: 'launch' })).toEqual({ action: 'launch', stream: false });
  });

  it('drops draft settings of the wrong type instead of refusing the message', () => {
    expect(conversationsApi.draftOverridesSchema.parse({ vg_temperature: 'hot', smartInit: true, ownerID: 'x' })).toEqual({ smartInit: true });
  });

  it('describes the widget agent by an allowlist: no secret, prompt, model, limit, owner or unknown field', () => {
    const keys = Object.keys(conversationsApi.widgetAgentSchema.shape);
    for (const key of [...AGENT_SECRET_FIELDS, 'ownerID', 'vg_systemPrompt', 'vg_initPrompt', 'vg_defaultModel', 'vg_maxTokens', 'maxTokensUsage', 'messagesLimit', 'allowedDomains', 'tools', 'nodes', 'webhookUrl', 'voiceConfig', 'vapi']) {
      expect(keys).not.toContain(key);
    }
    // Of the voice settings only whether the agent takes browser calls (webCalling), never voiceConfig itself.
    expect(keys.sort()).toEqual([...conversationsApi.WIDGET_AGENT_FIELDS, 'ID', 'renderMode', 'webCalling'].sort());
    // Parsing fills the defaults the widget assumes for fields a legacy document lacks, and drops what is not listed.
    const parsed = conversationsApi.widgetAgentSchema.parse({ ID: 'a', title: 'T', apiKey: 'sk-live-x', ownerID: 'u1' });
    expect(parsed).toMatchObject({ ID: 'a', title: 'T', messageDelayMS: 1000 });
    expect(parsed).not.toHaveProperty('apiKey');
    expect(parsed).not.toHaveProperty('ownerID');
  });

  it('keeps the operator and the model off the messages a visitor polls', () => {
    const message = { ID: 'm1', role: 'operator', text: 'Hi', ts: 1, operatorUid: 'staff-uid', modelId: 'gpt-4o', inputTokens: 3 };
    const parsed = conversationsApi.visitorMessageSchema.parse(message);
    expect(parsed).toEqual({ ID: 'm1', role: 'operator', text: 'Hi', ts: 1, sources: [], status: 'complete' });
  });

  it('lets the test debugger try only catalogue models and bounded replies', () => {
    expect(conversationsApi.draftOverridesSchema.parse({ vg_defaultModel: 'gpt-4-32k', vg_maxTokens: 100_000 })).toEqual({});
    expect(conversationsApi.draftOverridesSchema.parse({ vg_defaultModel: 'gpt-4o', vg_maxTokens: 4096 })).toEqual({ vg_defaultModel: 'gpt-4o', vg_maxTokens: 4096 });
  });
});
