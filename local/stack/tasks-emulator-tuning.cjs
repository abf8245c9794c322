// Preloaded into the Firebase emulators' process (node --require) by local/stack/services.ts. firebase-tools'
// Cloud Tasks emulator checks an idle queue once a second (TaskQueueController.LISTEN_TIMEOUT = 1000 ms), so a
// task enqueued while the queue is idle waits up to a second before it is dispatched; Cloud Tasks dispatches at
// once. Checking every 10 ms keeps the local stack's channel replies as quick as production's. If a firebase-tools
// release moves the class, nothing changes but that delay.
try {
  const { TaskQueueController } = require(require.resolve('firebase-tools/lib/emulator/tasksEmulator.js', { paths: [__dirname] }));
  if (TaskQueueController && typeof TaskQueueController.LISTEN_TIMEOUT === 'number') TaskQueueController.LISTEN_TIMEOUT = 10;
} catch {
  // firebase-tools without a Cloud Tasks emulator: nothing to tune.
}
