import { describe, expect, it } from 'vitest';
import { AGENT_SECRET_FIELDS, agentSchema, publicAgentSchema, redactAgent, splitAgentSecrets, storedAgentSchema } from './agent';

const minimal = { ID: 'abcdefghijklmnop', ownerID: 'user1' };

describe('agentSchema', () => {
  it('fills the defaults of a new agent', () => {
    const a = agentSchema.parse(minimal);
    expect(a).toMatchObject({
      agentPlatform: 'vg',
      messageDelayMS: 1000,
      maxTokensUsage: 1e6,
      vg_temperature: 0.5,
      vg_maxTokens: 1024,
      vg_kbDefaultDimension: 1536,
      vgOptions: { maxChunkSize: 2424 },
      voiceConfig: {
        config: { recordAudio: false, enableWebCalling: false, backgroundNoise: 'restaurant' },
        transcriber: { provider: 'deepgram', modelId: 'nova-2', utteranceThreshold: 50 },
        speechGen: { voiceId: 'asteria' },
      },
    });
  });
  it('keeps given values over defaults, also inside voiceConfig', () => {
    const a = agentSchema.parse({ ...minimal, vg_temperature: 0.9, voiceConfig: { transcriber: { utteranceThreshold: 150 } } });
    expect(a.vg_temperature).toBe(0.9);
    expect(a.voiceConfig.transcriber).toMatchObject({ utteranceThreshold: 150, modelId: 'nova-2' });
    expect(a.voiceConfig.speechGen.voiceId).toBe('asteria');
  });
  it.each([
    ['full vg agent', { ...minimal, title: 'Bot', agentPlatform: 'vg', nodes: [{ type: 'start' }], SECRET_API_KEY: 'vg_12345678901234567890' }],
    ['vf agent', { ...minimal, agentPlatform: 'vf', VF_DIALOGUE_API_KEY: 'VF.DM.x' }],
    ['channel fields', { ...minimal, whatsappBusniessId: 'b', whatsappNumberId: 'n', waVerifyPassed: true, vapi: { id: 'v' } }],
    ['widget settings', { ...minimal, platform: 'oai-assistants', buttonsLayout: 'in-footer', region: 'voiceglow-eu', kb_llm: { searchMethod: 'simple' } }],
  ])('accepts %s', (_name, input) => {
    expect(agentSchema.safeParse(input).success).toBe(true);
  });
  it.each([
    ['missing ID', { ownerID: 'u' }],
    ['missing ownerID', { ID: 'a' }],
    ['unknown platform', { ...minimal, agentPlatform: 'xx' }],
    ['secret without prefix', { ...minimal, SECRET_API_KEY: 'abc' }],
    ['negative delay', { ...minimal, messageDelayMS: -1 }],
    ['node of unknown type', { ...minimal, nodes: [{ type: 'weird' }] }],
    ['bad region', { ...minimal, region: 'eu' }],
    ['bad buttons layout', { ...minimal, buttonsLayout: 'diagonal' }],
  ])('rejects %s', (_name, input) => {
    expect(agentSchema.safeParse(input).success).toBe(false);
  });
  it('strips unknown fields when writing, keeps them when reading stored data', () => {
    expect(agentSchema.parse({ ...minimal, legacyField: 1 })).not.toHaveProperty('legacyField');
    expect(storedAgentSchema.parse({ ...minimal, legacyField: 1 })).toHaveProperty('legacyField', 1);
  });
});

describe('agent secrets', () => {
  const agent = agentSchema.parse({
    ...minimal, SECRET_API_KEY: 'vg_x', VF_DIALOGUE_API_KEY: 'k', whatsappToken: 't', gcloudPrivateKey: 'p', gcloudClientEmail: 'e@x.com',
  });
  it('redactAgent removes every secret field and nothing else', () => {
    const pub = redactAgent(agent);
    for (const f of AGENT_SECRET_FIELDS) expect(pub).not.toHaveProperty(f);
    expect(pub).toMatchObject({ ID: minimal.ID, gcloudClientEmail: 'e@x.com' });
    expect(agent.SECRET_API_KEY).toBe('vg_x');
  });
  it('splitAgentSecrets separates the secrets document', () => {
    const { publicAgent, secrets } = splitAgentSecrets(agent);
    expect(secrets).toEqual({ SECRET_API_KEY: 'vg_x', VF_DIALOGUE_API_KEY: 'k', whatsappToken: 't', gcloudPrivateKey: 'p' });
    expect(JSON.stringify(publicAgent)).not.toMatch(/vg_x|"t"|"p"/);
  });
});

describe('publicAgentSchema', () => {
  it('drops secrets and keeps stored extras', () => {
    const pub = publicAgentSchema.parse({ ...minimal, SECRET_API_KEY: 'vg_x', whatsappToken: 't', legacy: 1 });
    expect(pub).not.toHaveProperty('SECRET_API_KEY');
    expect(pub).toHaveProperty('legacy', 1);
  });
});
