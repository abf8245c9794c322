import { describe, expect, it } from 'vitest';
import { originOf, trustedBase, widgetOrigins } from './origins';

const PUBLISHED = 'https://chat.parley.example https://app.parley.example https://us-central1-p.cloudfunctions.net';

describe('widget origins', () => {
  it('reads the origins stamped at publishing: the chat’s own, then the allowed APIs', () => {
    expect(widgetOrigins(PUBLISHED)).toEqual({
      chat: 'https://chat.parley.example',
      api: ['https://app.parley.example', 'https://us-central1-p.cloudfunctions.net'],
    });
  });

  it('knows an unpublished build (the marker is still there) and ignores anything that is not an origin', () => {
    expect(widgetOrigins()).toEqual({ chat: null, api: [] });
    expect(widgetOrigins('https://chat.example/widget https://app.example')).toEqual({ chat: null, api: [] });
    expect(widgetOrigins('https://chat.example javascript:alert(1) https://app.example/path https://app.example').api).toEqual(['https://app.example']);
  });

  it('originOf takes http(s) URLs only', () => {
    expect(originOf('https://shop.example/products?x=1')).toBe('https://shop.example');
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('not a url')).toBeNull();
    expect(originOf(null)).toBeNull();
  });
});

describe('the API a chat talks to', () => {
  const allowed = widgetOrigins(PUBLISHED).api;
  const platform = 'https://app.parley.example';

  it('is the api= of the loader when it is the platform’s', () => {
    expect(trustedBase('https://app.parley.example/', allowed, platform)).toBe('https://app.parley.example');
    expect(trustedBase('https://us-central1-p.cloudfunctions.net/api', allowed, platform)).toBe('https://us-central1-p.cloudfunctions.net/api');
  });

  it('is never a site’s own server: a page framing chat.html with api= of its choosing gets the platform’s API', () => {
    for (const forged of ['https://evil.example', 'https://app.parley.example.evil.example', 'https://app.parley.example@evil.example', 'http://app.parley.example', 'javascript:alert(1)']) {
      expect(trustedBase(forged, allowed, platform)).toBe(platform);
    }
    expect(trustedBase(null, allowed, platform)).toBe(platform);
  });
});
