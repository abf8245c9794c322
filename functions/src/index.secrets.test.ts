// Every secret a function reads must be bound to it (`secrets: [...]`), or production runs it without the value.
import { describe, expect, it } from 'vitest';
import * as params from 'firebase-functions/params';
import * as functions from './index';

type Deployed = { __endpoint?: { secretEnvironmentVariables?: Array<{ key: string }> } };

function boundSecrets(name: string): string[] {
  const fn = (functions as unknown as Record<string, Deployed>)[name];
  return (fn?.__endpoint?.secretEnvironmentVariables ?? []).map((s) => s.key).sort();
}

const deployedNames = Object.entries(functions).filter(([, v]) => typeof v === 'function' && '__endpoint' in (v as object)).map(([k]) => k);

describe('secret bindings', () => {
  it('binds every declared secret to at least one function', () => {
    const declared = (params.declaredParams as unknown as Array<{ name: string; toSpec(): { type: string } }>)
      .filter((p) => p.toSpec().type === 'secret')
      .map((p) => p.name);
    expect(declared).toEqual(expect.arrayContaining(['OPENAI_API_KEY', 'RESEND_API_KEY']));
    const bound = new Set(deployedNames.flatMap(boundSecrets));
    for (const name of declared) expect(bound.has(name), `${name} is declared but bound to no function`).toBe(true);
  });

  it('binds the LLM and e-mail keys to the API (runtime, AI CSS, workspace e-mail)', () => {
    expect(boundSecrets('api')).toEqual([
      'META_APP_SECRET', 'OPENAI_API_KEY', 'RESEND_API_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'TWILIO_AUTH_TOKEN', 'VAPI_API_KEY', 'VAPI_WEBHOOK_SECRET',
    ]);
  });

  it.each(['saveVoiceConfig', 'buyPhoneNumber', 'importTwilioNumber', 'releasePhoneNumber', 'startTestCall', 'startWebCall'])(
    'binds the voice provider’s keys to %s (it calls Vapi or Twilio)',
    (name) => {
      expect(boundSecrets(name)).toEqual(['TWILIO_AUTH_TOKEN', 'VAPI_API_KEY', 'VAPI_WEBHOOK_SECRET']);
    },
  );

  it.each(['addKnowledgeSource', 'deleteKnowledgeSource', 'refreshKnowledgeSource', 'refreshKnowledgeSources'])(
    'binds the embeddings key to %s (it indexes or removes chunks)',
    (name) => {
      expect(boundSecrets(name)).toContain('OPENAI_API_KEY');
    },
  );

  it('binds no secret to functions that read none', () => {
    for (const name of ['agentSecretStatus', 'createWorkspace', 'sendOperatorMessage', 'listKnowledgeSources']) {
      expect(boundSecrets(name), name).toEqual([]);
    }
  });
});
