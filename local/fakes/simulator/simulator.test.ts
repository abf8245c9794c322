import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMailbox } from '../resend/mailbox';
import { defaultSources, start } from './index';

let sim: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  sim = await start({ port: 0, sources: [{ name: 'telegram', url: 'http://127.0.0.1:19406' }], mailboxUrl: 'http://127.0.0.1:19401/' });
});
afterAll(() => sim.stop());

describe('channel simulator', () => {
  it('serves the page with labelled controls, reading the channel stand-ins it was given', async () => {
    const res = await fetch(`${sim.url}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<label for="endpoint">Connected channel</label>');
    expect(html).toContain('aria-label="Conversation"');
    expect(html).toContain('aria-label="Message"');
    expect(html).toContain('"url":"http://127.0.0.1:19406"');
    expect(html).toContain('href="http://127.0.0.1:19401/"');
    expect(await (await fetch(`${sim.url}/__sim/sources`)).json()).toEqual({ sources: [{ name: 'telegram', url: 'http://127.0.0.1:19406' }] });
    expect((await fetch(`${sim.url}/nope`)).status).toBe(404);
  });

  it('reads the Meta, Telegram and Discord stand-ins on their fixed ports, moved by PARLEY_PORT_<NAME>', () => {
    expect(defaultSources({})).toEqual([
      { name: 'meta', url: 'http://127.0.0.1:9405' },
      { name: 'telegram', url: 'http://127.0.0.1:9406' },
      { name: 'discord', url: 'http://127.0.0.1:9407' },
    ]);
    expect(defaultSources({ PARLEY_PORT_TELEGRAM: '19406' })[1]?.url).toBe('http://127.0.0.1:19406');
  });

  it('is linked from the mailbox page', () => {
    expect(renderMailbox([])).toContain('>Channel simulator</a>');
  });
});
