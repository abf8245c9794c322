import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverFakes, FAKE_PORTS, startFakes } from './index';

const dir = mkdtempSync(join(tmpdir(), 'parley-fakes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeFolder(name: string, source: string): void {
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(join(dir, name, 'index.ts'), source);
}

const httpFake = (reply: string) => `
import { createServer } from 'node:http';
export async function start({ port }: { port: number }) {
  const server = createServer((_req, res) => res.end(${JSON.stringify(reply)}));
  await new Promise<void>((r, j) => { server.once('error', j); server.listen(port, '127.0.0.1', () => r()); });
  const address = server.address() as { port: number };
  return { url: 'http://127.0.0.1:' + address.port, stop: () => new Promise<void>((r) => server.close(() => r())) };
}`;

fakeFolder('resend', httpFake('mail'));
fakeFolder('stripe', `${httpFake('pay')}\nexport const functionsEnv = (url: string) => ({ STRIPE_API_BASE: url + '/custom' });`);
fakeFolder('mystery', httpFake('?'));
mkdirSync(join(dir, 'no-entry'));

describe('fakes registry', () => {
  it('finds every fake folder with an index.ts and gives it its contract port', () => {
    const { fakes, unknown } = discoverFakes(dir);
    expect(fakes.map((f) => [f.name, f.port])).toEqual([
      ['resend', 9401],
      ['stripe', 9404],
    ]);
    expect(unknown).toEqual(['mystery']);
  });

  it('the real resend fake folder is registered on 9401', () => {
    expect(discoverFakes().fakes.find((f) => f.name === 'resend')?.port).toBe(FAKE_PORTS.resend);
  });

  it('the voice provider and Twilio stand-ins are registered on 9414 and 9415', () => {
    const found = discoverFakes().fakes;
    expect(found.find((f) => f.name === 'vapi')?.port).toBe(9414);
    expect(found.find((f) => f.name === 'twilio')?.port).toBe(9415);
  });

  it('starts them, merges the env the functions need, and stops them', async () => {
    const running = await startFakes({ dir, ports: { resend: 0, stripe: 0 } });
    try {
      const resend = running.fakes.find((f) => f.name === 'resend')!;
      expect(await (await fetch(resend.url)).text()).toBe('mail');
      expect(running.env.RESEND_BASE_URL).toBe(resend.url);
      const stripe = running.fakes.find((f) => f.name === 'stripe')!;
      expect(running.env.STRIPE_API_BASE).toBe(`${stripe.url}/custom`);
    } finally {
      await running.stop();
    }
    await expect(fetch(running.fakes[0]!.url)).rejects.toThrow();
  });

  it('names the fake and port when one cannot start, and stops the others', async () => {
    const blocker = await startFakes({ dir, ports: { resend: 0, stripe: 0 } });
    const resendPort = Number(new URL(blocker.fakes[0]!.url).port);
    try {
      await expect(startFakes({ dir, ports: { resend: 0, stripe: resendPort } })).rejects.toThrow(
        `the stripe fake could not start on port ${resendPort}`,
      );
    } finally {
      await blocker.stop();
    }
  });
});
