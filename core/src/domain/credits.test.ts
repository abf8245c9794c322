import { describe, expect, it } from 'vitest';
import { agentsApi } from '../api/index';
import { MODEL_CATALOGUE, MODEL_IDS, USAGE_MESSAGES, VG_MAX_TOKENS_CAP } from '../constants/usage';
import { answerCredits, embeddingCredits, isCatalogueModel, modelRate, roundCreditsUp, tokenCredits } from './credits';

describe('model catalogue', () => {
  it("lists the agencies' default choices and current models, each priced for input and output", () => {
    expect(MODEL_IDS).toEqual(expect.arrayContaining(['gpt-3.5-turbo', 'gpt-4-1106-preview', 'gpt-4o-mini', 'gpt-4o']));
    for (const model of MODEL_CATALOGUE) {
      expect(model.inputCreditsPer1K).toBeGreaterThan(0);
      expect(model.outputCreditsPer1K).toBeGreaterThanOrEqual(model.inputCreditsPer1K);
    }
    expect(isCatalogueModel('gpt-4o')).toBe(true);
    expect(isCatalogueModel('gpt-4-32k')).toBe(false);
    expect(isCatalogueModel(undefined)).toBe(false);
  });

  it('charges a model outside the catalogue (the deployment default) at the default rate', () => {
    expect(modelRate('fake-gpt')).toEqual({ inputCreditsPer1K: 1, outputCreditsPer1K: 1 });
    expect(modelRate('gpt-4-1106-preview')).toMatchObject({ inputCreditsPer1K: 20, outputCreditsPer1K: 60 });
  });
});

describe('answer credits', () => {
  it.each([
    ['a short answer costs the minimum', 'gpt-4o-mini', 100, 50, 1],
    ['the default model: 1 credit per 1,000 tokens', 'gpt-4o-mini', 2000, 500, 2.5],
    ['a dearer model costs by its rate', 'gpt-4o', 1000, 1000, 25],
    ['the priciest model', 'gpt-4-1106-preview', 2000, 1000, 100],
    ['rounded up to one decimal', 'gpt-4o-mini', 1234, 0, 1.3],
  ])('%s', (_what, model, input, output, credits) => {
    expect(answerCredits(model, input, output)).toBe(credits);
  });

  it('has no float noise and takes a minimum of 0 for features', () => {
    expect(roundCreditsUp(0.30000000000000004)).toBe(0.3);
    expect(tokenCredits({ inputCreditsPer1K: 1, outputCreditsPer1K: 1 }, 0, 0, 0)).toBe(0);
  });

  it('charges embeddings per 1,000 tokens with no minimum', () => {
    expect(embeddingCredits(0)).toBe(0);
    expect(embeddingCredits(1000)).toBe(0.1);
    expect(embeddingCredits(250_000)).toBe(5);
  });
});

describe('agent save (agentsApi.agentPatchSchema)', () => {
  it('refuses a model outside the catalogue and a reply longer than the cap, naming the field', () => {
    const model = agentsApi.agentPatchSchema.safeParse({ vg_defaultModel: 'gpt-4-32k' });
    expect(model.error?.issues[0]).toMatchObject({ path: ['vg_defaultModel'], message: USAGE_MESSAGES.modelNotInCatalogue });
    const tokens = agentsApi.agentPatchSchema.safeParse({ vg_maxTokens: VG_MAX_TOKENS_CAP + 1 });
    expect(tokens.error?.issues[0]).toMatchObject({ path: ['vg_maxTokens'], message: 'Max tokens can be at most 4096.' });
    expect(agentsApi.agentPatchSchema.parse({ vg_defaultModel: 'gpt-4o', vg_maxTokens: VG_MAX_TOKENS_CAP, title: 'x' })).toMatchObject({ vg_defaultModel: 'gpt-4o', vg_maxTokens: 4096 });
  });

  it('saves allowed domains normalised and refuses what is not a domain', () => {
    expect(agentsApi.agentPatchSchema.parse({ allowedDomains: ['https://Shop.Example/page', '*.example.com', 'shop.example'] }).allowedDomains).toEqual(['shop.example', '*.example.com']);
    expect(agentsApi.agentPatchSchema.safeParse({ allowedDomains: ['not a domain!'] }).error?.issues[0]).toMatchObject({ path: ['allowedDomains', 0], message: USAGE_MESSAGES.allowedDomainInvalid });
  });
});
