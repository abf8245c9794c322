import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RateLimits } from '../rate-limits';
import type { Endpoint } from './endpoint';
import { createApiHandler } from './router';

/**
 * Serves endpoints on a plain node server: integration tests use it instead of the Functions emulator. Each call is
 * one instance (its own rate-limit front); `limits` replaces the shared counters (e.g. noRateLimits).
 */
export async function serveApi(
  endpoints: Endpoint[],
  options: { port?: number; limits?: RateLimits } = {},
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const handler = createApiHandler(endpoints, { limits: options.limits });
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
