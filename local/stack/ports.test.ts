import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPortsFree, CORE_PORTS, firebaseJsonPorts, isPortFree, PortsTakenError, portOverride, stackPortsFrom } from './ports';

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

describe('where the ports come from', () => {
  it("takes firebase.json's emulators block", () => {
    expect(firebaseJsonPorts()).toEqual({ hosting: 5000, functions: 5001, auth: 9099, firestore: 8080 });
  });

  it('lets PARLEY_PORT_<NAME> move any of them (5000 is taken by AirPlay on macOS)', () => {
    expect(stackPortsFrom(firebaseJsonPorts(), {})).toEqual({ hosting: 5000, functions: 5001, auth: 9099, firestore: 8080, widget: 5005 });
    const ports = stackPortsFrom(firebaseJsonPorts(), { PARLEY_PORT_HOSTING: '5050', PARLEY_PORT_FIRESTORE: '8181' });
    expect(ports).toEqual({ hosting: 5050, functions: 5001, auth: 9099, firestore: 8181, widget: 5055 });
    expect(portOverride('webhook-sink', 9408, { PARLEY_PORT_WEBHOOK_SINK: '9500' })).toBe(9500);
  });

  it('serves the widget chat site beside the app (the Hosting port + 5) and checks that port too', () => {
    expect(CORE_PORTS.map((p) => p.name)).toContain('Hosting emulator (the widget chat site)');
    expect(stackPortsFrom(firebaseJsonPorts(), { PARLEY_PORT_WIDGET: '5005' }).widget).toBe(5005);
    expect(() => stackPortsFrom(firebaseJsonPorts(), { PARLEY_PORT_WIDGET: '5100' })).toThrow('set PARLEY_PORT_HOSTING=5095 to move both');
  });

  it('names the variable when its value is not a port', () => {
    expect(() => portOverride('hosting', 5000, { PARLEY_PORT_HOSTING: 'airplay' })).toThrow('PARLEY_PORT_HOSTING must be a port number (1-65535), got "airplay"');
    expect(() => portOverride('auth', 9099, { PARLEY_PORT_AUTH: '70000' })).toThrow(/PARLEY_PORT_AUTH/);
  });
});
