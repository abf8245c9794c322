/* global require, __dirname */
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload (node --require)  */
// Preloaded into the Firebase emulators' process (node --require) by local/stack/services.ts, so the local stack
// behaves like Cloud Functions and Cloud Tasks where firebase-tools' emulators differ in a way that costs seconds.
// If a firebase-tools release moves these classes, nothing breaks: only the tuning is lost.

// 1. Cloud Tasks dispatches at once. firebase-tools' Cloud Tasks emulator checks an idle queue once a second
//    (TaskQueueController.LISTEN_TIMEOUT = 1000 ms), so a task enqueued while the queue is idle waited up to a second;
//    and while any task runs it re-checks on every turn of the event loop (UPDATE_TIMEOUT = 0), a busy loop in the
//    process that also proxies every Hosting and function request. Both become 2 ms.
try {
  const { TaskQueueController } = require(require.resolve('firebase-tools/lib/emulator/tasksEmulator.js', { paths: [__dirname] }));
  if (TaskQueueController && typeof TaskQueueController.LISTEN_TIMEOUT === 'number') TaskQueueController.LISTEN_TIMEOUT = 2;
  if (TaskQueueController && typeof TaskQueueController.UPDATE_TIMEOUT === 'number') TaskQueueController.UPDATE_TIMEOUT = 2;
} catch {
  // firebase-tools without a Cloud Tasks emulator: nothing to tune.
}

// 2. A function instance serves concurrent requests, as 2nd-gen Cloud Functions do (concurrency 80 by default).
//    The Functions emulator gives each worker process one request at a time and starts a new worker (a cold start:
//    a Node process loading the whole functions bundle, about a second of CPU) for every request that arrives while
//    the others are busy. A channel webhook queues an answer task that runs for the LLM's time, so every further
//    message started a worker: on a small machine those cold starts took the CPU from the webhook's own
//    acknowledgement (hundreds of ms to seconds instead of tens). Here a busy worker of the same function takes the
//    request too, up to CONCURRENCY at once; --inspect-functions (sequential mode) is left as it is.
const CONCURRENCY = 80;
try {
  const { RuntimeWorkerPool, RuntimeWorker, RuntimeWorkerState } = require(require.resolve('firebase-tools/lib/emulator/functionsRuntimeWorker.js', { paths: [__dirname] }));
  const { FunctionsExecutionMode } = require(require.resolve('firebase-tools/lib/emulator/types.js', { paths: [__dirname] }));
  const getIdleWorker = RuntimeWorkerPool?.prototype?.getIdleWorker;
  const request = RuntimeWorker?.prototype?.request;
  if (typeof getIdleWorker === 'function' && typeof request === 'function' && RuntimeWorkerState?.BUSY) {
    RuntimeWorkerPool.prototype.getIdleWorker = function (triggerId, runtime) {
      const idle = getIdleWorker.call(this, triggerId, runtime);
      if (idle || this.mode === FunctionsExecutionMode?.SEQUENTIAL) return idle;
      return this.getTriggerWorkers(triggerId, runtime).find((w) => w.state === RuntimeWorkerState.BUSY && (w.inFlight ?? 0) < CONCURRENCY);
    };
    RuntimeWorker.prototype.request = function (...args) {
      this.inFlight = (this.inFlight ?? 0) + 1;
      return request.apply(this, args).finally(() => {
        this.inFlight -= 1;
        // The first of several requests to finish marks the worker idle; it still serves the others.
        if (this.inFlight > 0 && this.state === RuntimeWorkerState.IDLE) this.state = RuntimeWorkerState.BUSY;
      });
    };
  }
} catch {
  // A firebase-tools without these classes: one request per worker, as it ships.
}

// 3. One worker process serves every function but the API. The Functions emulator keys its workers by function, so each function
//    the stack calls starts a Node process of its own that loads the whole functions bundle and warms up its Firebase
//    clients (a few seconds of CPU each, and a cold start the caller waits for): a browser journey through the
//    dashboard started one for each of some sixty functions. Here the workers are keyed once for the codebase, and
//    each request names its function in headers that the worker preload (functions-worker-tuning.cjs) reads just
//    before the emulator's runtime picks its target, through the runtime's own switch of target (the one
//    --inspect-functions uses). Secrets and parameters are the codebase's (.secret.local, .env.local), the same for
//    every function. Sequential mode (--inspect-functions) is left as it ships.
const WORKER_PRELOAD = require('node:path').join(__dirname, 'functions-worker-tuning.cjs');
try {
  const { RuntimeWorkerPool, RuntimeWorker } = require(require.resolve('firebase-tools/lib/emulator/functionsRuntimeWorker.js', { paths: [__dirname] }));
  const { FunctionsEmulator } = require(require.resolve('firebase-tools/lib/emulator/functionsEmulator.js', { paths: [__dirname] }));
  const { getSignatureType } = require(require.resolve('firebase-tools/lib/emulator/functionsEmulatorShared.js', { paths: [__dirname] }));
  const { FunctionsExecutionMode } = require(require.resolve('firebase-tools/lib/emulator/types.js', { paths: [__dirname] }));
  const { EmulatorLogger } = require(require.resolve('firebase-tools/lib/emulator/emulatorLogger.js', { paths: [__dirname] }));
  const proto = FunctionsEmulator?.prototype;
  const getKey = RuntimeWorkerPool?.prototype?.getKey;
  const request = RuntimeWorker?.prototype?.request;
  const getRuntimeEnvs = proto?.getRuntimeEnvs;
  const handleHttpsTrigger = proto?.handleHttpsTrigger;
  const ready = [getKey, request, getRuntimeEnvs, handleHttpsTrigger, getSignatureType].every((f) => typeof f === 'function');
  if (ready && FunctionsExecutionMode?.AUTO) {
    const isNode = (runtime) => !runtime || String(runtime).startsWith('nodejs');
    // The HTTP API keeps a worker of its own: it acknowledges webhooks within a budget, and a channel's answer task
    // (the engine's work for the model's whole time) sharing its event loop would hold those acknowledgements up.
    const ownWorker = (triggerId) => /(^|-)api$/.test(String(triggerId ?? ''));
    RuntimeWorkerPool.prototype.getKey = function (triggerId, runtime) {
      return this.mode === FunctionsExecutionMode.AUTO && isNode(runtime) && !ownWorker(triggerId) ? '~codebase~' : getKey.call(this, triggerId, runtime);
    };
    proto.getRuntimeEnvs = function (backend, trigger) {
      const envs = getRuntimeEnvs.call(this, backend, trigger);
      if (this.debugMode || !isNode(backend.runtime)) return envs;
      // The runtime takes its target from the emulator's messages instead of FUNCTION_TARGET (fixed per process).
      const inherited = envs.NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? '';
      return { ...envs, FUNCTION_DEBUG_MODE: 'true', NODE_OPTIONS: `${inherited} --require ${JSON.stringify(WORKER_PRELOAD)}`.trim() };
    };
    proto.handleHttpsTrigger = function (req, res) {
      const name = req.params?.trigger_name;
      const record = name && this.triggers?.[req.params.region ? `${req.params.region}-${name}` : name];
      if (!this.debugMode && record?.def && isNode(record.backend?.runtime)) {
        req.headers['x-parley-function-target'] = record.def.entryPoint;
        req.headers['x-parley-function-signature'] = getSignatureType(record.def);
        req.headers['x-parley-function-timeout'] = String(record.def.timeoutSeconds ?? '');
        req.headers['x-parley-function-id'] = record.def.id ?? name;
      }
      return handleHttpsTrigger.call(this, req, res);
    };
    // The worker's timeout and its log label follow the function of each request, not the first it served.
    RuntimeWorker.prototype.request = function (req, ...rest) {
      const headers = req?.headers ?? {};
      if (headers['x-parley-function-target']) {
        this.timeoutSeconds = Number(headers['x-parley-function-timeout']) || undefined;
        this.triggerKey = headers['x-parley-function-id'];
        if (typeof EmulatorLogger?.forFunction === 'function') this.logger = EmulatorLogger.forFunction(this.triggerKey);
      }
      return request.call(this, req, ...rest);
    };
  }
} catch {
  // A firebase-tools without these classes: a worker per function, as it ships.
}

// 4. The Auth emulator compiles a request validator for every operation of its API (about 10 s of CPU) before it
//    serves anything, though the stack and its users call a handful of them. Each validator is compiled at its
//    operation's first request instead (exegesis' own lazyCompileValidationSchemas option): the same validation.
try {
  const server = require.resolve('firebase-tools/lib/emulator/auth/server.js', { paths: [__dirname] });
  const options = require(require.resolve('exegesis/lib/options.js', { paths: [server] }));
  const compileOptions = options?.compileOptions;
  if (typeof compileOptions === 'function') {
    options.compileOptions = (given = {}) => compileOptions({ lazyCompileValidationSchemas: true, ...given });
  }
} catch {
  // An Auth emulator without exegesis: nothing to tune.
}
