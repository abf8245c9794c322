// The chat's App Check token source: the stamped config decides the provider, the SDK loads in the background,
// and a token that cannot be had (SDK missing, reCAPTCHA blocked) never holds the chat forever.
import { describe, expect, it } from 'vitest';
import { appCheckConfig, startAppCheck, type AppCheckConfig, type LoadSdk } from './app-check';

const PROD: AppCheckConfig = { projectId: 'parley-prod', apiKey: 'AIzaKey_1', appId: '1:123:web:abc', provider: { kind: 'recaptcha-enterprise', siteKey: '6LcSiteKey-x' } };

describe('the stamped App Check config', () => {
  it('reads reCAPTCHA Enterprise with its site key, and the local debug token for a demo project only', () => {
    expect(appCheckConfig('parley-prod AIzaKey_1 1:123:web:abc recaptcha-enterprise 6LcSiteKey-x')).toEqual(PROD);
    expect(appCheckConfig('demo-parley local-key 1:0:web:local debug 1b2c3d4e-aaaa-bbbb-cccc-123456789abc')).toEqual({
      projectId: 'demo-parley',
      apiKey: 'local-key',
      appId: '1:0:web:local',
      provider: { kind: 'debug', token: '1b2c3d4e-aaaa-bbbb-cccc-123456789abc' },
    });
    expect(appCheckConfig('parley-prod AIzaKey_1 1:123:web:abc debug some-debug-token')).toBeNull();
  });

  it('is absent in an unpublished build, a chat published without App Check, or anything malformed', () => {
    expect(appCheckConfig()).toBeNull();
    expect(appCheckConfig('')).toBeNull();
    expect(appCheckConfig('parley-prod AIzaKey_1 1:123:web:abc recaptcha-v2 key')).toBeNull();
    expect(appCheckConfig('parley-prod AIzaKey_1 1:123:web:abc recaptcha-enterprise key"><script>')).toBeNull();
    expect(appCheckConfig('parley-prod AIzaKey_1 recaptcha-enterprise key')).toBeNull();
  });
});

describe('startAppCheck', () => {
  it('loads the SDK once, in the background, and answers every call with its (cached or refreshed) token', async () => {
    let loads = 0;
    const configs: AppCheckConfig[] = [];
    let issued = 0;
    const load: LoadSdk = async () => {
      loads++;
      return { appCheckTokenGetter: (config) => (configs.push(config), async () => `sdk-token-${++issued}`) };
    };
    const tokens = startAppCheck(PROD, load);
    expect(loads).toBe(1);
    expect(tokens.current()).toBeNull();
    expect(await tokens.token()).toBe('sdk-token-1');
    expect(await tokens.token()).toBe('sdk-token-2');
    expect(tokens.current()).toBe('sdk-token-2');
    expect(loads).toBe(1);
    expect(configs).toEqual([PROD]);
  });

  it('gives no token (the server decides) when the SDK cannot load, the provider fails or takes too long', async () => {
    const failedLoad = startAppCheck(PROD, async () => Promise.reject(new Error('offline')));
    expect(await failedLoad.token()).toBeNull();
    const failing = startAppCheck(PROD, async () => ({ appCheckTokenGetter: () => async () => Promise.reject(new Error('recaptcha blocked')) }));
    expect(await failing.token()).toBeNull();
    const hanging = startAppCheck(PROD, async () => ({ appCheckTokenGetter: () => () => new Promise<string>(() => undefined) }), 50);
    expect(await hanging.token()).toBeNull();
  });

  it('does nothing at all without a config', async () => {
    let loads = 0;
    const tokens = startAppCheck(null, async () => {
      loads++;
      return { appCheckTokenGetter: () => async () => 'x' };
    });
    expect(await tokens.token()).toBeNull();
    expect(loads).toBe(0);
  });
});
