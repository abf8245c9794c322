import { describe, expect, it } from 'vitest';
import { isAllowedReturnUrl, requireAllowedReturnUrls } from './return-urls';

const hosts = new Set(['acme.localhost', 'app.acme.example']);

describe('Checkout return addresses', () => {
  it.each([
    ['https://app.parley.test/app/na/billing?x=1', true],
    ['https://app.acme.example/app/na?billing=success', true],
    ['https://evil.example/ok', false],
    ['https://app.acme.example.evil.example/ok', false],
    ['http://app.acme.example/ok', false],
    ['https://user:pw@app.acme.example/ok', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s on a production app → %s', (url, ok) => {
    expect(isAllowedReturnUrl(url, 'https://app.parley.test', hosts)).toBe(ok);
  });

  it('allows plain http to the agency’s hosts only where the app itself is local http', () => {
    expect(isAllowedReturnUrl('http://acme.localhost:5000/app/na?billing=success', 'http://127.0.0.1:5000', hosts)).toBe(true);
    expect(isAllowedReturnUrl('http://other.localhost:5000/', 'http://127.0.0.1:5000', hosts)).toBe(false);
  });

  it('answers 400 with a sentence when any address is foreign', () => {
    expect(() => requireAllowedReturnUrls(['https://app.acme.example/ok', 'https://evil.example/no'], 'https://app.parley.test', hosts)).toThrow(
      expect.objectContaining({ status: 400, message: 'The return addresses must be on this app or on one of the agency’s verified domains.' }),
    );
  });
});
