import { describe, expect, it } from 'vitest';
import { FREE_KB_DOCS_CHAR_COUNT } from '../constants/usage';
import { kbCharLimit, planLimit } from './plan-limits';

describe('plan limits', () => {
  it('takes the custom plan first, then the subscription, then the free default', () => {
    const both = { internal: { customPlan: { limits: { maxKbDocsCharCount: 9 } } }, v2StripeConfig: { limits: { maxKbDocsCharCount: 5 } } };
    expect(kbCharLimit(both)).toBe(9);
    expect(kbCharLimit({ v2StripeConfig: { limits: { maxKbDocsCharCount: 5 } } })).toBe(5);
    expect(kbCharLimit({})).toBe(FREE_KB_DOCS_CHAR_COUNT);
    expect(kbCharLimit(null)).toBe(FREE_KB_DOCS_CHAR_COUNT);
  });

  it("reads 'infinity' as no limit and ignores values that are not limits", () => {
    expect(planLimit({ v2StripeConfig: { limits: { maxAgents: 'infinity' } } }, 'maxAgents')).toBe(Infinity);
    expect(kbCharLimit({ v2StripeConfig: { limits: { maxKbDocsCharCount: -1 } } })).toBe(FREE_KB_DOCS_CHAR_COUNT);
    expect(kbCharLimit({ internal: { customPlan: { limits: 'x' } } })).toBe(FREE_KB_DOCS_CHAR_COUNT);
  });
});
