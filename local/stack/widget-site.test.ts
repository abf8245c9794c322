import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appCheckStamp, localWidgetAppCheck, publishWidget, stampOrigins, WIDGET_APP_CHECK_MARKER, WIDGET_ORIGINS_MARKER } from './widget-site';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function builtRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'parley-widget-site-'));
  roots.push(root);
  mkdirSync(join(root, 'widget/dist'), { recursive: true });
  mkdirSync(join(root, 'web/dist/widget'), { recursive: true });
  for (const file of ['loader.js', 'chat.html', 'chat.js']) writeFileSync(join(root, 'widget/dist', file), `/* ${file} */ var o="${WIDGET_ORIGINS_MARKER}";`);
  writeFileSync(join(root, 'widget/dist/loader-deferred.js'), '/* loader-deferred.js */');
  writeFileSync(join(root, 'widget/dist/voice.js'), 'export const mountCall = () => () => undefined;');
  // What an older publish left on the app site.
  writeFileSync(join(root, 'web/dist/widget/chat.html'), 'old chat');
  return root;
}

const origins = { chat: 'http://127.0.0.1:5005', api: ['http://127.0.0.1:5000'] };

describe('publishing the widget', () => {
  it('serves the chat from the widget site only; the app site keeps the loader', () => {
    const root = builtRoot();
    publishWidget(root, origins);
    expect(readFileSync(join(root, 'widget/site/widget/chat.html'), 'utf8')).toContain('var o="http://127.0.0.1:5005 http://127.0.0.1:5000"');
    expect(readFileSync(join(root, 'widget/site/widget/loader.js'), 'utf8')).toContain('http://127.0.0.1:5005 http://127.0.0.1:5000');
    expect(readFileSync(join(root, 'web/dist/widget/loader.js'), 'utf8')).toContain('http://127.0.0.1:5005 http://127.0.0.1:5000');
    // The loader's deferred part (bubble and panel) is fetched beside loader.js, wherever the site took it from.
    for (const site of ['web/dist/widget', 'widget/site/widget']) expect(readFileSync(join(root, site, 'loader-deferred.js'), 'utf8')).toContain('loader-deferred.js');
    // The call panel is imported by the dashboard's browser call from its own origin, and by the chat from its own.
    for (const site of ['web/dist/widget', 'widget/site/widget']) expect(readFileSync(join(root, site, 'voice.js'), 'utf8')).toContain('mountCall');
    // The dashboard's origin no longer serves the chat at all.
    expect(existsSync(join(root, 'web/dist/widget/chat.html'))).toBe(false);
    expect(existsSync(join(root, 'web/dist/widget/chat.js'))).toBe(false);
  });

  it('stamps the chat with its App Check config and publishes the App Check SDK beside it', () => {
    const root = builtRoot();
    writeFileSync(join(root, 'widget/dist/chat.html'), `var o="${WIDGET_ORIGINS_MARKER}",a="${WIDGET_APP_CHECK_MARKER}";`);
    writeFileSync(join(root, 'widget/dist/app-check.js'), 'export function appCheckTokenGetter(){}');
    const prod = { projectId: 'parley-prod', apiKey: 'AIza-Key', appId: '1:2:web:3', siteKey: '6LcSite-Key' };
    publishWidget(root, origins, prod);
    expect(readFileSync(join(root, 'widget/site/widget/chat.html'), 'utf8')).toContain('a="parley-prod AIza-Key 1:2:web:3 recaptcha-enterprise 6LcSite-Key"');
    expect(readFileSync(join(root, 'widget/site/widget/app-check.js'), 'utf8')).toContain('appCheckTokenGetter');
    // The local stack's chat hands out its debug token; a chat published without App Check sends none.
    publishWidget(root, origins);
    expect(readFileSync(join(root, 'widget/site/widget/chat.html'), 'utf8')).toContain(`a="demo-parley demo-parley-local-key ${localWidgetAppCheck().appId} debug ${localWidgetAppCheck().debugToken}"`);
    publishWidget(root, origins, null);
    expect(readFileSync(join(root, 'widget/site/widget/chat.html'), 'utf8')).toContain('a=""');
  });

  it('never publishes a debug token for a real project, nor anything but plain keys', () => {
    expect(() => appCheckStamp({ projectId: 'parley-prod', apiKey: 'k', appId: '1:2:web:3', debugToken: 'some-debug-token-123' })).toThrow('local demo project only');
    expect(() => appCheckStamp({ projectId: 'parley-prod', apiKey: 'k', appId: '1:2:web:3' })).toThrow('either');
    expect(() => appCheckStamp({ projectId: 'parley-prod', apiKey: 'k', appId: '1:2:web:3', siteKey: 'key" onload="x' })).toThrow('not a plain key');
  });

  it('refuses anything but plain origins, and a build without the marker', () => {
    expect(() => stampOrigins(`"${WIDGET_ORIGINS_MARKER}"`, { chat: 'http://127.0.0.1:5005/x', api: [] }, 'loader.js')).toThrow('not an http(s) origin');
    expect(() => stampOrigins(`"${WIDGET_ORIGINS_MARKER}"`, { chat: 'http://a.test', api: ['http://b.test" onload="x'] }, 'loader.js')).toThrow('not an http(s) origin');
    expect(() => stampOrigins('var o="";', origins, 'widget/dist/loader.js')).toThrow(`widget/dist/loader.js has no ${WIDGET_ORIGINS_MARKER}`);
  });
});
