// Every fake listens on 127.0.0.1 and stops the same way: a stop does not wait for idle keep-alive connections
// (the SDKs hold them open), so it ends them first.
import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  /** http://127.0.0.1:<port>, with the port actually bound (port 0 picks a free one). */
  url: string;
  stop(): Promise<void>;
}

/** Serves `handler` on 127.0.0.1:port; rejects when the port is taken. `beforeStop` runs first on stop (held streams). */
export async function listen(handler: RequestListener, port: number, beforeStop?: () => void): Promise<Listening> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        beforeStop?.();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A request's whole body as text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
