import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWidget } from './build';
import { CHAT_CSS } from './src/chat/styles';

const out = mkdtempSync(join(tmpdir(), 'parley-widget-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('widget build', () => {
  it('writes chat.html with its stylesheet and script inline: one request before the chat paints', async () => {
    await buildWidget(out);
    const html = readFileSync(join(out, 'chat.html'), 'utf8');
    expect(html).toContain(`<style id="parley-chat-css">${CHAT_CSS.trim()}</style>`);
    expect(html).not.toContain('src="./chat.js"');
    expect(html.indexOf('parley-chat-css')).toBeLessThan(html.indexOf('<script>'));
    expect(html).not.toMatch(/<link[^>]+stylesheet|fonts\.googleapis/);
    // The App Check SDK is fetched as the page is parsed, not when the chat's script asks for it.
    expect(html).toContain('<link rel="modulepreload" href="./app-check.js"');
  });
});
