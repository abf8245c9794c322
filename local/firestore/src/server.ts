/**
 * One listening address for both transports: each connection's first bytes are
 * sniffed; the HTTP/2 preface goes to the gRPC server, anything else to the
 * HTTP/1.1 REST server.
 */
import type http from 'node:http';
import net from 'node:net';
import type { GrpcServer } from './grpc/index.ts';
import { PREFACE } from './http2/connection.ts';

export interface DualServer {
  server: net.Server;
  /** Destroys open connections (servers stop accepting on close()). */
  destroyConnections(): void;
}

export function createDualServer(rest: http.Server, grpc: GrpcServer | null): DualServer {
  const sockets = new Set<net.Socket>();
  // noDelay: small request/response frames must not wait for Nagle + delayed ACK.
  const server = net.createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buf: Buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      const n = Math.min(buf.length, PREFACE.length);
      const h2 = buf.subarray(0, n).equals(PREFACE.subarray(0, n));
      if (h2 && buf.length < PREFACE.length) return; // could still be the preface
      socket.removeListener('data', onData);
      socket.pause();
      socket.unshift(buf);
      if (h2) {
        if (!grpc) {
          socket.destroy();
          return;
        }
        grpc.accept(socket);
        socket.resume();
      } else {
        rest.emit('connection', socket);
        socket.resume();
      }
    };
    socket.on('data', onData);
  });
  return {
    server,
    destroyConnections() {
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
  };
}
