import { describe, expect, it } from 'vitest';
import { webOriginOf } from './web-origin';

describe('webOriginOf', () => {
  it('answers the origin of an http(s) address, without path, query or credentials', () => {
    expect(webOriginOf('https://shop.example/path?q=1')).toBe('https://shop.example');
    expect(webOriginOf('http://user:pw@localhost:3000/x')).toBe('http://localhost:3000');
    expect(webOriginOf('HTTPS://Shop.Example:443/')).toBe('https://shop.example');
  });

  it.each([undefined, null, '', 'not a url', 'javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,hi', 'ftp://files.example'])(
    'has none for %j',
    (value) => {
      expect(webOriginOf(value)).toBeNull();
    },
  );
});
