// The plans editor's rules: defaults, what is sent (trimmed, no empty features, ids kept) and the per-plan errors.
import { describe, expect, it } from 'vitest';
import { addFeature, defaultPlanDrafts, initialPlanDrafts, planErrors, planPrice, removeFeature, toPlanInputs } from './plan-drafts';

describe('agency plan drafts', () => {
  it('start as Basic 5,000 and Premium 15,000 (popular) unless plans were saved', () => {
    expect(defaultPlanDrafts()).toMatchObject([
      { name: 'Basic', credits: 5000, isPopular: false },
      { name: 'Premium', credits: 15000, isPopular: true },
    ]);
    expect(initialPlanDrafts([])).toEqual(defaultPlanDrafts());
    expect(initialPlanDrafts([{ name: 'Solo', price: 4, credits: 1000, features: [], isPopular: false, priceId: 'price_1' }])).toEqual([
      { name: 'Solo', credits: 1000, features: [''], isPopular: false, priceId: 'price_1', savedPrice: 4 },
    ]);
  });

  it('price = credits × (0.001 base + USDPerToken), in cents', () => {
    expect(planPrice(5000, 0.003)).toBe(20);
    expect(planPrice(15000, 0.003)).toBe(60);
    expect(planPrice(1234, 0.0025)).toBe(4.32);
    expect(planPrice(Number.NaN, 0.003)).toBe(0);
  });

  it('features: up to 5, never fewer than 1', () => {
    expect(addFeature(['a', 'b', 'c', 'd'])).toEqual({ features: ['a', 'b', 'c', 'd', ''], error: null });
    expect(addFeature(['a', 'b', 'c', 'd', 'e'])).toEqual({ features: null, error: 'Maximum of 5 features allowed' });
    expect(removeFeature(['a', 'b'], 0)).toEqual({ features: ['b'], error: null });
    expect(removeFeature(['a'], 0)).toEqual({ features: null, error: 'Each plan must have at least one feature' });
  });

  it('flags each plan that cannot be saved, and sends trimmed plans without empty features', () => {
    const drafts = [
      { name: ' Basic ', credits: 5000, features: [' Chat ', ''], isPopular: false, priceId: 'price_1', productId: 'prod_1' },
      { name: 'Premium', credits: 15000, features: ['  '], isPopular: true },
      { name: '', credits: 100, features: ['x'], isPopular: false },
      { name: 'Zero', credits: 0, features: ['x'], isPopular: false },
    ];
    expect(planErrors(drafts)).toEqual({
      1: 'Each plan must have at least one feature with text',
      2: 'Please enter a plan name',
      3: 'Credits must be a whole number above 0',
    });
    expect(() => toPlanInputs(drafts)).toThrow();
    expect(toPlanInputs([drafts[0]!])).toEqual([{ name: 'Basic', credits: 5000, features: ['Chat'], isPopular: false, priceId: 'price_1', productId: 'prod_1' }]);
  });
});
