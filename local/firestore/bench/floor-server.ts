/**
 * The floor for the get benchmark: a gRPC server on node:http2 that does no
 * work at all. It answers every call with one fixed, pre-framed response
 * (BENCH_FLOOR_RESPONSE, base64: the engine's own answer to a get of one
 * document), so a firebase-admin get against it costs only the SDK, Node's
 * HTTP/2 and the loopback hop. Runs in its own process, as the engine does.
 */
import http2 from 'node:http2';

const response = Buffer.from(process.env['BENCH_FLOOR_RESPONSE'] ?? '', 'base64');
const HEADERS = { ':status': 200, 'content-type': 'application/grpc' };
const TRAILERS = { 'grpc-status': '0' };

const server = http2.createServer();
server.on('connection', (socket: { setNoDelay?: (on: boolean) => void }) => socket.setNoDelay?.(true));
server.on('stream', (stream) => {
  stream.on('error', () => {});
  stream.resume();
  stream.once('end', () => {
    stream.respond(HEADERS, { waitForTrailers: true });
    stream.once('wantTrailers', () => stream.sendTrailers(TRAILERS));
    stream.end(response);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (msg: { type?: string }) => {
  if (msg.type === 'stop') server.close(() => process.exit(0));
});
process.on('disconnect', () => process.exit(0));
