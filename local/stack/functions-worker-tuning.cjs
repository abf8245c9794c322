/* global require, setImmediate */
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload (NODE_OPTIONS=--require) */
// Preloaded into every Functions emulator worker by tasks-emulator-tuning.cjs (3.), which lets one worker serve every
// function. The emulator's runtime serves the function its FUNCTION_TARGET names, or, in its debug mode, the one the
// emulator's last message named; it reads that name when a request reaches its handler. Each request here carries its
// function in headers, and its handler runs only once the runtime has taken that function as its target: the switches
// are made one at a time, each right before its own handler, so concurrent requests never run one another's function.
const { dirname } = require('node:path');

const HEADERS = ['x-parley-function-target', 'x-parley-function-signature', 'x-parley-function-timeout', 'x-parley-function-id'];

try {
  const runtime = process.argv[1] ?? '';
  const express = require(require.resolve('express', { paths: [dirname(runtime)] }));
  const all = express?.application?.all;
  if (typeof all === 'function') {
    /** The switches of target, in turn: each resolves once its handler has started. */
    let turn = Promise.resolve();
    const serveAs = (target, signature, start) => {
      turn = turn.then(
        () =>
          new Promise((done) => {
            // The runtime's message listener applies the switch in a microtask; the handler starts after it.
            process.emit('message', JSON.stringify({ functionTarget: target, functionSignature: signature }));
            setImmediate(() => {
              try {
                start();
              } finally {
                done();
              }
            });
          }),
      );
    };
    express.application.all = function (path, ...handlers) {
      if (path !== '/*') return all.call(this, path, ...handlers);
      const wrapped = handlers.map(
        (handler) =>
          function (req, res, next) {
            const target = req.headers[HEADERS[0]];
            const signature = req.headers[HEADERS[1]];
            for (const header of HEADERS) delete req.headers[header];
            if (typeof target !== 'string' || typeof signature !== 'string') return handler.call(this, req, res, next);
            serveAs(target, signature, () => handler.call(this, req, res, next));
          },
      );
      return all.call(this, path, ...wrapped);
    };
  }
} catch {
  // A runtime without express where expected: the worker serves the function it was started for.
}
