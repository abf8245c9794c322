import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Endpoint } from './endpoint';
import { createApiHandler } from './router';

/** Serves endpoints on a plain node server: integration tests use it instead of the Functions emulator. */
export async function serveApi(endpoints: Endpoint[], port = 0): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const handler = createApiHandler(endpoints);
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
