import { describe, expect, it } from 'vitest';
import { normalizeAllowedDomain, originAllowed, validateAllowedDomains } from './allowed-domains';

describe('allowed domain entries', () => {
  it.each([
    ['shop.example', 'shop.example'],
    ['https://Shop.Example/some/page?x=1', 'shop.example'],
    ['*.example.com', '*.example.com'],
    ['localhost:3000', 'localhost:3000'],
    ['shop.example.', 'shop.example'],
  ])('%s is stored as %s', (input, stored) => {
    expect(normalizeAllowedDomain(input)).toBe(stored);
  });

  it.each(['', 'not a domain', '*', '*.', 'shop..example', 'sh*p.example', 'a.example:0', 'a.example:70000', '-bad.example'])('%j is refused', (input) => {
    expect(normalizeAllowedDomain(input)).toBeNull();
  });

  it('refuses lists that are too long', () => {
    expect(validateAllowedDomains(Array.from({ length: 51 }, (_, i) => `s${i}.example`))).toBe('At most 50 domains.');
    expect(validateAllowedDomains(['shop.example'])).toBeNull();
  });
});

describe('originAllowed', () => {
  const list = ['shop.example', '*.brand.example', 'localhost:3000'];

  it('lets every website in when the list is empty', () => {
    expect(originAllowed([], 'https://anywhere.example')).toBe(true);
    expect(originAllowed(undefined, 'https://anywhere.example')).toBe(true);
  });

  it.each([
    ['https://shop.example', true],
    ['http://shop.example:8080', true],
    ['https://www.shop.example', false],
    ['https://brand.example', true],
    ['https://eu.brand.example', true],
    ['https://evilbrand.example', false],
    ['https://brand.example.evil.test', false],
    ['http://localhost:3000', true],
    ['http://localhost:4000', false],
    ['null', false],
    ['file:///index.html', false],
    ['', false],
  ])('%s → %s', (origin, allowed) => {
    expect(originAllowed(list, origin)).toBe(allowed);
  });

  it('fails closed when a list holds only entries that are not domains', () => {
    expect(originAllowed(['not a domain'], 'https://shop.example')).toBe(false);
  });
});
