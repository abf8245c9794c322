// The local stack as a browser and a website see it: Hosting, its rewrites to the api function, the
// function reaching Google's Firestore emulator, the runtime config and the mailbox.
import { toolsApi, voiceApi } from '@parley/core';
import { describe, expect, inject, it } from 'vitest';

describe('local stack', () => {
  it('serves the SPA with history fallback for deep links', async () => {
    const res = await fetch(`${inject('appUrl')}/app/na/agents`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });

  it('lets browsers keep the content-hashed bundles for a year, and always re-checks the config', async () => {
    const html = await (await fetch(`${inject('appUrl')}/login`)).text();
    const bundle = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(bundle).toBeTruthy();
    expect((await fetch(`${inject('appUrl')}${bundle}`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${inject('appUrl')}/parley-config.js`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('serves parley-config.js pointing the app at the emulators', async () => {
    const text = await (await fetch(`${inject('appUrl')}/parley-config.js`)).text();
    const config = new Function('window', `${text}; return window.__PARLEY_CONFIG__;`)({}) as {
      firebase: { projectId: string };
      emulators?: { auth: string; firestore: { port: number } };
      apiBase: string;
    };
    expect(config.firebase.projectId).toBe('demo-parley');
    expect(config.emulators?.auth).toBe('http://127.0.0.1:9099');
    expect(config.emulators?.firestore.port).toBe(8080);
    expect(config.apiBase).toBe('');
  });

  it('rewrites /public/** to the api function, which reads the seeded agent from the Firestore emulator', async () => {
    const agentId = inject('demoAgentId');
    expect(agentId).toBeTruthy();
    const res = await fetch(`${inject('appUrl')}/public/agents/${agentId}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data?: { title?: string; ownerID?: string; SECRET_API_KEY?: string } };
    expect(body.data?.title).toBe(inject('demo').agentTitle);
    expect(body.data?.SECRET_API_KEY).toBeUndefined();
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await fetch(`${inject('appUrl')}/api/no-such-endpoint`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it('answers requests to different functions at the same time, each by its own function', async () => {
    // One emulator worker serves the callables and tasks (local/stack/tasks-emulator-tuning.cjs), switching its function
    // per request: requests interleaved across two callables, and the API beside them, must each reach their own.
    const agentId = inject('demoAgentId');
    const api = () => fetch(`${inject('appUrl')}/public/agents/${agentId}`).then(async (r) => [r.status, ((await r.json()) as { data?: { title?: string } }).data?.title]);
    const callable = (name: string) => () =>
      fetch(`http://127.0.0.1:5001/demo-parley/us-central1/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"data":{}}' }).then(async (r) => [
        r.status,
        ((await r.json()) as { error?: { message?: string } }).error?.message,
      ]);
    const senders = [
      { send: api, expected: [200, inject('demo').agentTitle] },
      { send: callable('saveTool'), expected: [401, toolsApi.saveTool.signInMessage] },
      { send: callable('buyPhoneNumber'), expected: [401, voiceApi.buyPhoneNumber.signInMessage] },
    ];
    const picks = Array.from({ length: 18 }, (_, i) => senders[i % senders.length]!);
    const answers = await Promise.all(picks.map((p) => p.send()));
    expect(answers).toEqual(picks.map((p) => p.expected));
  });

  it('shows the local mailbox', async () => {
    const mailbox = inject('mailboxUrl');
    expect(mailbox).toBeTruthy();
    const page = await (await fetch(mailbox!)).text();
    expect(page).toContain('Local mailbox');
  });
});
