// Every template greets the visitor in its own voice: an agent made from it answers the widget's launch
// with the template's opening messages (Smart Initialization stays available, off by default in templates).
import { AGENT_TEMPLATES, paths } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../test/runtime';

const OWNER = 'greeter-owner';
let stack: TestStack;
let createAgentFromTemplate: typeof import('./convert-template').createAgentFromTemplate;
let testApp: typeof import('../../test/composition').testApp;
let convertAgentTemplateInput: typeof import('./convert-template').convertAgentTemplateInput;

beforeAll(async () => {
  stack = await startTestStack();
  const { databaseFor } = await import('../adapters/firestore');
  const { useEngine } = await import('../../test/composition');
  ({ testApp } = await import('../../test/composition'));
  const { runtimeDeps } = await import('../../test/composition');
  useEngine(runtimeDeps({ llm: () => null, agentCacheMs: 0 }));
  ({ createAgentFromTemplate, convertAgentTemplateInput } = await import('./convert-template'));
  await databaseFor('na').doc(paths.user(OWNER)).set({ uid: OWNER, workspaceName: 'Greeters', loadTokens: 1000, internal: { customPlan: { limits: { maxAgents: 'infinity' } } } });
}, 30_000);
afterAll(async () => {
  await stack?.stop();
});

describe('a new agent from each template', () => {
  it.each(AGENT_TEMPLATES.map((t) => [t.name, t] as const))('%s opens the chat with its own greeting', async (_name, template) => {
    const { agentCreated: agent } = await createAgentFromTemplate(testApp, OWNER, convertAgentTemplateInput.parse({ agentName: `Greeter ${template.key}`, agentTemplate: template.key, region: 'na' }));
    const response = await fetch(`${stack.api.url}/public/agents/${agent.ID}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'launch', conversationId: `greet-${template.key}` }),
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { parts: string[] } };
    const opening = (template.template as { vg_initMessages?: Array<string | { content: string }> }).vg_initMessages ?? [];
    const expected = opening.map((m) => (typeof m === 'string' ? m : m.content));
    expect(expected.length).toBeGreaterThan(0);
    expect(data.parts).toEqual(expected);
  });
});
