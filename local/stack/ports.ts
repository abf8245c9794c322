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

/**
 * The widget chat's own Hosting site (firebase.json's `widget` target) is served by the same Hosting emulator:
 * emulators.hosting has one port, and firebase-tools places each further site itself, the second at the Hosting
 * port + 5. So the widget port follows PARLEY_PORT_HOSTING; PARLEY_PORT_WIDGET may only name that same port.
 */
export const WIDGET_SITE_PORT_OFFSET = 5;

export function widgetSitePort(hosting: number, env: NodeJS.ProcessEnv = process.env): number {
  const port = hosting + WIDGET_SITE_PORT_OFFSET;
  const requested = portOverride('widget', port, env);
  if (requested !== port) {
    throw new Error(
      `PARLEY_PORT_WIDGET=${requested}: the widget site is the Hosting emulator's second site, which firebase-tools serves at ` +
        `the Hosting port + ${WIDGET_SITE_PORT_OFFSET}; set PARLEY_PORT_HOSTING=${requested - WIDGET_SITE_PORT_OFFSET} to move both.`,
    );
  }
  return port;
}

export type StackPort = CorePort | 'widget';

export function stackPortsFrom(defaults: Record<CorePort, number>, env: NodeJS.ProcessEnv = process.env): Record<StackPort, number> {
  const hosting = portOverride('hosting', defaults.hosting, env);
  return {
    hosting,
    functions: portOverride('functions', defaults.functions, env),
    auth: portOverride('auth', defaults.auth, env),
    firestore: portOverride('firestore', defaults.firestore, env),
    widget: widgetSitePort(hosting, env),
  };
}

/** The local stack's ports: firebase.json's emulators block, each overridable by PARLEY_PORT_<NAME>, and the widget site's. */
export const STACK_PORTS: Readonly<Record<StackPort, number>> = stackPortsFrom(firebaseJsonPorts());

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
  { port: STACK_PORTS.widget, name: 'Hosting emulator (the widget chat site)' },
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
