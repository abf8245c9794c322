import { describe, expect, it } from 'vitest';
import {
  googleFontCssUrl, isInheritFont, validateEmailDomain, normalizeDomain, normalizeSubdomain, parseUsdPerToken, validateAddPlanFeature,
  validateAgencyPlans, validateCustomDomain, validatePlanFeatures, validateRemovePlanFeature, validateSubdomain,
  validateSubscriptionPlansSetup, validateTabHref, validateUsdPerToken,
} from './agency';

describe('validateCustomDomain', () => {
  it.each([
    ['', 'Please enter a custom domain'],
    ['   ', 'Please enter a custom domain'],
    ['example.com', 'Please input a subdomain: "example.com"'],
    ['Example .COM', 'Please input a subdomain: "example.com"'],
    ['https://example.com/', 'Please input a subdomain: "example.com"'],
    ['localhost', 'Please input a subdomain: "localhost"'],
    ['app..example.com', 'Please input a subdomain: "app..example.com"'],
    ['-app.example.com', 'Please input a subdomain: "-app.example.com"'],
    ['app.example.com', null],
    ['App. Example.com', null],
    ['https://dash.agency.co.uk/login', null],
  ])('%j → %j', (input, expected) => {
    expect(validateCustomDomain(input)).toBe(expected);
  });
  it('normalises to lowercase without spaces', () => {
    expect(normalizeDomain(' App.Ex ample.COM ')).toBe('app.example.com');
  });
});

describe('subdomain', () => {
  it.each([
    ['My Agency', 'myagency.parley.app'],
    ['acme', 'acme.parley.app'],
    ['acme.parley.app', 'acme.parley.app'],
    ['', ''],
  ])('normalizeSubdomain(%j) → %j', (input, expected) => {
    expect(normalizeSubdomain(input, 'parley.app')).toBe(expected);
  });
  it.each([
    ['acme', null],
    ['My Agency', null],
    ['', 'Please enter a valid subdomain'],
    ['a.b', 'Please enter a valid subdomain'],
    ['bad_name', 'Please enter a valid subdomain'],
  ])('validateSubdomain(%j) → %j', (input, expected) => {
    expect(validateSubdomain(input)).toBe(expected);
  });
});

describe('validateTabHref', () => {
  it.each([
    ['reports', [], 'URL must include a leading slash (/)'],
    ['', [], 'URL must include a leading slash (/)'],
    ['/home', [], 'This URL is reserved for a default tab'],
    ['/convos', [], 'This URL is reserved for a default tab'],
    ['/Settings', [], 'This URL is reserved for a default tab'],
    ['/reports', ['/reports'], 'This URL is already used by another tab'],
    ['/reports', ['/other'], null],
    ['/reports', [], null],
  ] as const)('%j with others %j → %j', (href, others, expected) => {
    expect(validateTabHref(href, others)).toBe(expected);
  });
});

describe('agency plan features', () => {
  const five = ['a', 'b', 'c', 'd', 'e'];
  it.each([
    [[], 'Each plan must have at least one feature with text'],
    [['', '  '], 'Each plan must have at least one feature with text'],
    [['one'], null],
    [five, null],
    [[...five, 'f'], 'Maximum of 5 features allowed'],
  ])('%j → %j', (features, expected) => {
    expect(validatePlanFeatures(features)).toBe(expected);
  });
  it('reports the first failing plan', () => {
    expect(validateAgencyPlans([{ features: ['ok'] }, { features: [''] }])).toBe('Each plan must have at least one feature with text');
    expect(validateAgencyPlans([{ features: ['ok'] }])).toBeNull();
  });
  it.each([
    [['only'], 'Each plan must have at least one feature'],
    [['a', 'b'], null],
  ])('removing from %j → %j', (features, expected) => {
    expect(validateRemovePlanFeature(features)).toBe(expected);
  });
  it.each([
    [['a', 'b', 'c', 'd'], null],
    [five, 'Maximum of 5 features allowed'],
  ])('adding to %j → %j', (features, expected) => {
    expect(validateAddPlanFeature(features)).toBe(expected);
  });
});

describe('USDPerToken', () => {
  it.each([
    ['0.003', null, 0.003],
    [0, null, 0],
    ['', 'Please enter a valid number', null],
    ['abc', 'Please enter a valid number', null],
    ['-1', 'Please enter a valid number', null],
    ['1', null, 1],
    ['1.01', 'Please enter a valid number', null],
    [Number.NaN, 'Please enter a valid number', null],
  ])('%j → %j', (input, error, parsed) => {
    expect(validateUsdPerToken(input)).toBe(error);
    expect(parseUsdPerToken(input)).toBe(parsed);
  });
});

describe('subscription plans setup', () => {
  const msg = 'Please complete steps 1 and 2 & click save billing settings before setting up subscription plans.';
  it.each([
    [{ step1Done: true, step2Done: true, usdPerToken: 0.003 }, null],
    [{ step1Done: false, step2Done: true, usdPerToken: 0.003 }, msg],
    [{ step1Done: true, step2Done: false, usdPerToken: 0.003 }, msg],
    [{ step1Done: true, step2Done: true, usdPerToken: undefined }, msg],
  ])('%j → %j', (input, expected) => {
    expect(validateSubscriptionPlansSetup(input)).toBe(expected);
  });
});

describe('fonts', () => {
  it('accepts inherit without a check', () => {
    expect(isInheritFont('inherit')).toBe(true);
    expect(isInheritFont('Rubik')).toBe(false);
  });
  it('builds the fonts-service URL with the three weights', () => {
    expect(googleFontCssUrl('Open Sans')).toBe('https://fonts.googleapis.com/css2?family=Open+Sans:wght@400;500;700&display=swap');
  });
});

describe('validateEmailDomain', () => {
  it.each([
    ['example.com', false, null],
    ['Mail.Example.com', false, null],
    ['example', false, 'Please enter a valid root domain, e.g. example.com'],
    ['', false, 'Please enter a valid root domain, e.g. example.com'],
    ['example.com', true, 'This domain is already added.'],
  ])('%j (already added %j) → %j', (input, added, expected) => {
    expect(validateEmailDomain(input, added)).toBe(expected);
  });
});
