// The local stack as a browser and a website see it: Hosting, its rewrites to the api function, the
// function reaching Google's Firestore emulator, the runtime config and the mailbox.
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
    // One emulator worker serves every function (local/stack/tasks-emulator-tuning.cjs): requests interleaved across
    // two functions must still reach the function each was sent to.
    const agentId = inject('demoAgentId');
    const api = () => fetch(`${inject('appUrl')}/public/agents/${agentId}`).then(async (r) => ({ fn: 'api', status: r.status, body: (await r.json()) as { data?: { title?: string } } }));
    const callable = () =>
      fetch('http://127.0.0.1:5001/demo-parley/us-central1/listTools', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"data":{}}' }).then(async (r) => ({
        fn: 'listTools',
        status: r.status,
        body: (await r.json()) as { error?: { status?: string } },
      }));
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? api() : callable())));
    for (const answer of answers) {
      if (answer.fn === 'api') expect([answer.status, (answer.body as { data?: { title?: string } }).data?.title]).toEqual([200, inject('demo').agentTitle]);
      else expect([answer.status, (answer.body as { error?: { status?: string } }).error?.status]).toEqual([401, 'UNAUTHENTICATED']);
    }
  });

  it('shows the local mailbox', async () => {
    const mailbox = inject('mailboxUrl');
    expect(mailbox).toBeTruthy();
    const page = await (await fetch(mailbox!)).text();
    expect(page).toContain('Local mailbox');
  });
});
