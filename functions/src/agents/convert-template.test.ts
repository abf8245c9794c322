/* eslint-disable @typescript-eslint/no-explicit-any -- recorded hook bodies are inspected loosely */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AGENT_TEMPLATE_KEYS, AGENT_TEMPLATES, paths } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { seedWorkspace } from '../../test/agent-builder-env';
import { CLIENTS_CANNOT_CREATE } from '../access';
import { testApp } from '../../test/composition';
import { convertAgentTemplateHandler, convertAgentTemplateInput } from './convert-template';

/** The callable's handler over the tests' composition (its events go to the hook sink below). */
const convert = convertAgentTemplateHandler(testApp);

const hooks: unknown[] = [];
const sink = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    hooks.push(JSON.parse(body));
    res.end('ok');
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
  const { port } = sink.address() as AddressInfo;
  // The hook stands in for a public endpoint: events go through safeFetch, which lets only this local target through.
  process.env.ALLOW_PRIVATE_URLS = `127.0.0.1:${port}`;
  await seedWorkspace('na', 'creator-1', 'vg_creatorSecret0000001', {
    eventsEndpoint: `http://127.0.0.1:${port}/events`, subscribedEvents: ['new-agent'],
    // One agent per template: more than the free plan's 2.
    internal: { customPlan: { limits: { maxAgents: 'infinity' } } },
  });
});
afterAll(async () => {
  delete process.env.ALLOW_PRIVATE_URLS;
  sink.close();
});

const signedIn = { auth: { uid: 'creator-1', token: {} } } as never;

describe('convertAgentTemplateToAgent', () => {
  it.each(AGENT_TEMPLATE_KEYS)('creates a complete agent from the %s template', async (key) => {
    const template = AGENT_TEMPLATES.find((t) => t.key === key)!;
    const input = convertAgentTemplateInput.parse({ agentName: `My ${key}`, agentTemplate: template, region: 'na' });
    const { agentCreated } = await convert(input, signedIn);
    expect(agentCreated.ID).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(agentCreated).toMatchObject({
      title: `My ${key}`, ownerID: 'creator-1', agentPlatform: 'vg', messageDelayMS: 1000, maxTokensUsage: 0,
      lang: 'automatic', vg_maxTokens: 1024, vg_kbDefaultDimension: 1536, vgOptions: { maxChunkSize: 2424 },
      voiceConfig: {
        transcriber: { provider: 'deepgram', modelId: 'nova-2', utteranceThreshold: 150 },
        speechGen: { voiceId: 'asteria' }, config: { backgroundNoise: 'restaurant' },
      },
    });
    expect(agentCreated.vg_systemPrompt).toBe(template.template.vg_systemPrompt);
    expect(agentCreated.vg_initMessages?.length).toBeGreaterThan(0);
    expect((agentCreated as Record<string, unknown>).SECRET_API_KEY).toBeUndefined();

    const stored = (await databaseFor('na').doc(paths.agent(agentCreated.ID)).get()).data()!;
    expect(stored.title).toBe(`My ${key}`);
    expect(stored.SECRET_API_KEY).toBeUndefined();
    const secrets = (await databaseFor('na').doc(paths.agentSecrets(agentCreated.ID)).get()).data()!;
    expect(secrets.SECRET_API_KEY).toMatch(/^vg_[A-Za-z0-9]{20}$/);
  });

  it('uses the blank template temperature default of 0.5 and stores the agent in the eu database for eu', async () => {
    const input = convertAgentTemplateInput.parse({ agentName: 'Euro', agentTemplate: 'blank-template', region: 'eu' });
    const { agentCreated } = await convert(input, signedIn);
    expect(agentCreated.vg_temperature).toBe(0.5);
    expect(agentCreated.region).toBe('voiceglow-eu');
    expect((await databaseFor('eu').doc(paths.agent(agentCreated.ID)).get()).exists).toBe(true);
    expect((await databaseFor('na').doc(paths.agent(agentCreated.ID)).get()).exists).toBe(false);
  });

  it('posts the new-agent hook to the workspace events endpoint', async () => {
    const input = convertAgentTemplateInput.parse({ agentName: 'Hooked', agentTemplate: 'customer-support', region: 'na' });
    const { agentCreated } = await convert(input, signedIn);
    await expect.poll(() => hooks.some((h) => (h as { payload: { agentId: string } }).payload.agentId === agentCreated.ID)).toBe(true);
    const hook = hooks.find((h) => (h as { payload: { agentId: string } }).payload.agentId === agentCreated.ID) as Record<string, any>;
    expect(hook.type).toBe('new-agent');
    // Signed, never carrying the workspace's API secret (events/workspace-events.test.ts checks the signature).
    expect(JSON.stringify(hook)).not.toContain('vg_creatorSecret0000001');
    expect(typeof hook.payload.createdAt).toBe('number');
  });

  it('refuses signed-out callers and empty names with their messages', async () => {
    const input = convertAgentTemplateInput.parse({ agentName: 'Nobody', agentTemplate: 'blank-template' });
    await expect(convert(input, { auth: undefined } as never)).rejects.toThrow('You must be logged in to create an agent');
    const empty = convertAgentTemplateInput.safeParse({ agentName: '   ', agentTemplate: 'blank-template' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('Please provide a name for the agent.');
  });

  it('never lets a template set ownership, secrets or a voice assistant', async () => {
    const sneaky = { key: 'sneaky', name: 'Sneaky', template: { ownerID: 'attacker', SECRET_API_KEY: 'vg_fixedSecret', title: 'x', vapi: { id: 'assistant-of-another-workspace' } } };
    const input = convertAgentTemplateInput.parse({ agentName: 'Safe', agentTemplate: sneaky });
    const { agentCreated } = await convert(input, signedIn);
    expect(agentCreated.ownerID).toBe('creator-1');
    expect(agentCreated.title).toBe('Safe');
    expect((await databaseFor('na').doc(paths.agent(agentCreated.ID)).get()).get('vapi')).toBeUndefined();
    const secrets = (await databaseFor('na').doc(paths.agentSecrets(agentCreated.ID)).get()).data()!;
    expect(secrets.SECRET_API_KEY).not.toBe('vg_fixedSecret');
  });

  it("refuses an agency client's token: clients have no workspace to own an agent", async () => {
    const input = convertAgentTemplateInput.parse({ agentName: 'Sneaky', agentTemplate: 'blank-template' });
    const client = { auth: { uid: 'client-uid-1', token: { role: 'client', clientId: 'c1' } } } as never;
    await expect(convert(input, client)).rejects.toMatchObject({ status: 403, message: CLIENTS_CANNOT_CREATE });
    const owned = await databaseFor('na').collection('voiceglow').where('ownerID', '==', 'client-uid-1').get();
    expect(owned.size).toBe(0);
  });

  it('rejects a template whose preset fields do not fit the agent schema', async () => {
    const bad = { key: 'bad', name: 'Bad', template: { vg_temperature: 'hot' } };
    const input = convertAgentTemplateInput.parse({ agentName: 'Bad', agentTemplate: bad });
    await expect(convert(input, signedIn)).rejects.toThrow(/vg_temperature/);
  });

  it('creates the multi-step templates with nodes enabled and their flow, and refuses a template whose flow is broken', async () => {
    const input = convertAgentTemplateInput.parse({ agentName: 'Bookings', agentTemplate: 'make-appointment' });
    const { agentCreated } = await convert(input, signedIn);
    const stored = (await databaseFor('na').doc(paths.agent(agentCreated.ID)).get()).data()!;
    expect(stored.enableNodes).toBe(true);
    expect(stored.nodes.map((n: { type: string }) => n.type)).toEqual(['start', 'default', 'default', 'default', 'default', 'end', 'note']);

    const broken = { key: 'broken', name: 'Broken', template: { enableNodes: true, nodes: [{ id: 's', type: 'start' }, { id: 'lost', type: 'end', name: 'Lost' }] } };
    const refused = convertAgentTemplateInput.parse({ agentName: 'Broken', agentTemplate: broken });
    await expect(convert(refused, signedIn)).rejects.toThrow('The end "Lost" cannot be reached from the start.');
  });
});
