import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPortsFree, isPortFree, PortsTakenError } from './ports';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function occupy(): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return (server.address() as { port: number }).port;
}

describe('fixed ports check', () => {
  it('passes when every port is free', async () => {
    const port = await occupy();
    await new Promise((r) => servers.pop()!.close(r));
    expect(await isPortFree(port)).toBe(true);
    await expect(assertPortsFree([{ port, name: 'Hosting emulator (the app)' }])).resolves.toBeUndefined();
  });

  it('names every taken port and what needs it, before anything starts', async () => {
    const a = await occupy();
    const b = await occupy();
    const error = await assertPortsFree([
      { port: a, name: 'Hosting emulator (the app)' },
      { port: b, name: 'resend fake' },
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortsTakenError);
    const message = (error as Error).message;
    expect(message).toContain(`Port ${a} (Hosting emulator (the app)) is already in use`);
    expect(message).toContain(`Port ${b} (resend fake) is already in use`);
    expect((error as PortsTakenError).taken.map((p) => p.port)).toEqual([a, b]);
  });
});
