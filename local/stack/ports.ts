import { createServer } from 'node:net';

/** The fixed local ports of the shared contract. */
export const STACK_PORTS = {
  hosting: 5000,
  functions: 5001,
  auth: 9099,
  firestore: 8080,
} as const;

export interface NamedPort {
  port: number;
  name: string;
}

export const CORE_PORTS: NamedPort[] = [
  { port: STACK_PORTS.hosting, name: 'Hosting emulator (the app)' },
  { port: STACK_PORTS.functions, name: 'Functions emulator' },
  { port: STACK_PORTS.auth, name: 'Auth emulator' },
  { port: STACK_PORTS.firestore, name: 'Firestore engine' },
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
            `Stop what is using it (see \`ss -ltnp 'sport = :${p.port}'\`), e.g. another \`npm start\`, and try again.`,
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
