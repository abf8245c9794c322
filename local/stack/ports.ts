import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

type CorePort = 'hosting' | 'functions' | 'auth' | 'firestore';

/**
 * A port from the environment's PARLEY_PORT_<NAME> (e.g. PARLEY_PORT_HOSTING=5050: 5000 is macOS's AirPlay
 * receiver), else the fallback. Throws on a value that is not a port, naming the variable.
 */
export function portOverride(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const variable = `PARLEY_PORT_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
  const raw = env[variable];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${variable} must be a port number (1-65535), got "${raw}"`);
  return port;
}

/** The emulators block of firebase.json: the fixed ports of the local stack. */
export function firebaseJsonPorts(file = new URL('../../firebase.json', import.meta.url)): Record<CorePort, number> {
  const json = JSON.parse(readFileSync(file, 'utf8')) as { emulators: Record<string, { port?: number }> };
  const port = (name: CorePort) => {
    const value = json.emulators[name]?.port;
    if (typeof value !== 'number') throw new Error(`firebase.json has no emulators.${name}.port`);
    return value;
  };
  return { hosting: port('hosting'), functions: port('functions'), auth: port('auth'), firestore: port('firestore') };
}

export function stackPortsFrom(defaults: Record<CorePort, number>, env: NodeJS.ProcessEnv = process.env): Record<CorePort, number> {
  return {
    hosting: portOverride('hosting', defaults.hosting, env),
    functions: portOverride('functions', defaults.functions, env),
    auth: portOverride('auth', defaults.auth, env),
    firestore: portOverride('firestore', defaults.firestore, env),
  };
}

/** The local stack's ports: firebase.json's emulators block, each overridable by PARLEY_PORT_<NAME>. */
export const STACK_PORTS: Readonly<Record<CorePort, number>> = stackPortsFrom(firebaseJsonPorts());

/** True when the ports differ from firebase.json's (the Firebase emulators then get a generated config). */
export function portsOverridden(): boolean {
  const defaults = firebaseJsonPorts();
  return (Object.keys(defaults) as CorePort[]).some((k) => defaults[k] !== STACK_PORTS[k]);
}

export interface NamedPort {
  port: number;
  name: string;
}

export const CORE_PORTS: NamedPort[] = [
  { port: STACK_PORTS.hosting, name: 'Hosting emulator (the app)' },
  { port: STACK_PORTS.functions, name: 'Functions emulator' },
  { port: STACK_PORTS.auth, name: 'Auth emulator' },
  { port: STACK_PORTS.firestore, name: 'Firestore emulator' },
];

/** True when nothing listens on 127.0.0.1:port (we can bind it ourselves). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

export class PortsTakenError extends Error {
  constructor(readonly taken: NamedPort[]) {
    super(
      taken
        .map(
          (p) =>
            `Port ${p.port} (${p.name}) is already in use on 127.0.0.1. ` +
            `Stop what is using it (see \`ss -ltnp 'sport = :${p.port}'\`), e.g. another \`npm start\`, and try again, ` +
            `or move this stack with PARLEY_PORT_<NAME>=<port> (e.g. PARLEY_PORT_HOSTING=5050).`,
        )
        .join('\n'),
    );
    this.name = 'PortsTakenError';
  }
}

/** Checks every port before anything starts, so a clash is reported once, naming each port. */
export async function assertPortsFree(ports: NamedPort[]): Promise<void> {
  const results = await Promise.all(ports.map(async (p) => ({ p, free: await isPortFree(p.port) })));
  const taken = results.filter((r) => !r.free).map((r) => r.p);
  if (taken.length > 0) throw new PortsTakenError(taken);
}
