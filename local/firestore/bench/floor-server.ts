/**
 * The floor for the get benchmark: a gRPC server on the engine's own HTTP/2
 * connection code that does no database work. It answers every call with one
 * fixed, pre-framed response (BENCH_FLOOR_RESPONSE, base64: the engine's own
 * answer to a get of one document), so a firebase-admin get against it costs
 * only the SDK, the HTTP/2 transport and the loopback hop. Runs in its own
 * process, as the engine does.
 */
import net from 'node:net';
import { Http2Connection } from '../src/http2/connection.ts';

const response = Buffer.from(process.env['BENCH_FLOOR_RESPONSE'] ?? '', 'base64');
const HEADERS = Object.freeze({ ':status': '200', 'content-type': 'application/grpc' });
const TRAILERS = Object.freeze({ 'grpc-status': '0' });

const server = net.createServer((socket) => {
  new Http2Connection(socket, (stream) => stream.on({ end: () => stream.respond(HEADERS, response, TRAILERS) }));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (msg: { type?: string }) => {
  if (msg.type === 'stop') process.exit(0);
});
process.on('disconnect', () => process.exit(0));
