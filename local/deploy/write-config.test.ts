import { describe, expect, it } from 'vitest';
import { renderConfigScript } from '../stack/parley-config';
import { productionConfig, productionWidgetAppCheck, productionWidgetOrigins } from './write-config';

describe('production parley-config.js', () => {
  it('has the real project and no emulators', () => {
    const config = productionConfig({ GCLOUD_PROJECT: 'parley-prod', PARLEY_FIREBASE_API_KEY: 'AIza-test', PARLEY_FIREBASE_APP_ID: '1:2:web:3' });
    expect(config).toEqual({
      firebase: { apiKey: 'AIza-test', authDomain: 'parley-prod.firebaseapp.com', projectId: 'parley-prod', appId: '1:2:web:3' },
      functionsRegion: 'us-central1',
      apiBase: '',
      widgetOrigin: 'https://parley-prod-widget.web.app',
    });
    const window: { __PARLEY_CONFIG__?: unknown } = {};
    new Function('window', renderConfigScript(config))(window);
    expect(window.__PARLEY_CONFIG__).toEqual(config);
  });

  it('refuses to deploy without the web API key or to the demo project', () => {
    expect(() => productionConfig({ GCLOUD_PROJECT: 'parley-prod' })).toThrow('PARLEY_FIREBASE_API_KEY');
    expect(() => productionConfig({ GCLOUD_PROJECT: 'demo-parley', PARLEY_FIREBASE_API_KEY: 'k' })).toThrow('local demo project');
  });

  it('gives the chat App Check with the web app’s reCAPTCHA Enterprise site key, never a debug token', () => {
    const env = { GCLOUD_PROJECT: 'parley-prod', PARLEY_FIREBASE_API_KEY: 'AIza-test', PARLEY_FIREBASE_APP_ID: '1:2:web:3' };
    const config = productionConfig({ ...env, PARLEY_APP_CHECK_SITE_KEY: '6LcSite-Key' });
    expect(config.firebase.appCheckSiteKey).toBe('6LcSite-Key');
    expect(productionWidgetAppCheck(config)).toEqual({ projectId: 'parley-prod', apiKey: 'AIza-test', appId: '1:2:web:3', siteKey: '6LcSite-Key' });
    expect(productionWidgetAppCheck(productionConfig(env))).toBeNull();
    expect(() => productionConfig({ ...env, PARLEY_FIREBASE_APP_ID: '', PARLEY_APP_CHECK_SITE_KEY: '6LcSite-Key' })).toThrow('PARLEY_FIREBASE_APP_ID');
  });

  it('puts the agency intro video in the config only when set, and only an http(s) URL', () => {
    const env = { GCLOUD_PROJECT: 'parley-prod', PARLEY_FIREBASE_API_KEY: 'AIza-test' };
    expect(productionConfig(env).agencyIntroVideoUrl).toBeUndefined();
    expect(productionConfig({ ...env, PARLEY_AGENCY_INTRO_VIDEO_URL: '' }).agencyIntroVideoUrl).toBeUndefined();
    const config = productionConfig({ ...env, PARLEY_AGENCY_INTRO_VIDEO_URL: ' https://www.youtube.com/embed/abc123 ' });
    expect(config.agencyIntroVideoUrl).toBe('https://www.youtube.com/embed/abc123');
    const window: { __PARLEY_CONFIG__?: { agencyIntroVideoUrl?: string } } = {};
    new Function('window', renderConfigScript(config))(window);
    expect(window.__PARLEY_CONFIG__?.agencyIntroVideoUrl).toBe('https://www.youtube.com/embed/abc123');
    expect(() => productionConfig({ ...env, PARLEY_AGENCY_INTRO_VIDEO_URL: 'javascript:alert(1)' })).toThrow('PARLEY_AGENCY_INTRO_VIDEO_URL');
    expect(() => productionConfig({ ...env, PARLEY_AGENCY_INTRO_VIDEO_URL: 'intro.mp4' })).toThrow('http(s) URL');
  });

  it('publishes the widget with the project’s origins: the chat on its own site, the API on the app’s', () => {
    expect(productionWidgetOrigins({ GCLOUD_PROJECT: 'parley-prod' })).toEqual({
      chat: 'https://parley-prod-widget.web.app',
      api: ['https://parley-prod.web.app', 'https://parley-prod.firebaseapp.com', 'https://us-central1-parley-prod.cloudfunctions.net'],
    });
    expect(productionWidgetOrigins({
      GCLOUD_PROJECT: 'parley-prod', PARLEY_WIDGET_ORIGIN: 'https://chat.parley.example', PARLEY_API_ORIGINS: 'https://app.parley.example',
      PARLEY_STREAM_API_BASE: 'https://api-abc-uc.a.run.app/',
    })).toEqual({ chat: 'https://chat.parley.example', api: ['https://app.parley.example', 'https://api-abc-uc.a.run.app'] });
  });
});
