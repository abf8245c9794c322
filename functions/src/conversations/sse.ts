// Server-Sent Events over the POST response (the widget reads it with fetch + a stream reader).
import type { ServerResponse } from 'node:http';

export interface SseWriter {
  send(event: string, data: unknown): void;
  end(): void;
}

export function openSse(res: ServerResponse): SseWriter {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Hosting/proxies must not buffer the stream.
    'x-accel-buffering': 'no',
  });
  res.socket?.setNoDelay(true);
  res.flushHeaders?.();
  return {
    send(event, data) {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!res.writableEnded) res.end();
    },
  };
}
