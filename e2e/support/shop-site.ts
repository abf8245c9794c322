/**
 * A shop's website on another local origin (http://localhost:<free port>), embedding the agent's widget with the one
 * tag, as a customer's site does: journeys open the widget there as a visitor.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ShopSite {
  url: string;
  close(): Promise<void>;
}

export async function shopSite(appUrl: string, agentId: string, title: string): Promise<ShopSite> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>
<script src="${appUrl}/widget/loader.js" data-agent-id="${agentId}" data-region="na" async></script></body></html>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
