// `node watchdog.mjs <command> [args…]`: runs the command and ends it, with everything in its process group, when
// the pipe on our stdin closes. The stack holds the other end of that pipe, and the kernel closes it however the
// stack ends (Ctrl-C, a crash, kill -9, a closed terminal), so no emulator outlives the stack that started it.
// The stack starts us detached (our own process group, which the command joins) and stops us by signalling the
// whole group, so the command gets that signal itself: we ignore it and exit as the command exits.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('watchdog: no command given\n');
  process.exit(2);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => undefined);

const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
child.once('error', (error) => {
  process.stderr.write(`watchdog: could not start ${command}: ${error.message}\n`);
  process.exit(127);
});
child.once('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));

const orphaned = () => {
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    // Not a group leader (started without detached): end the command alone.
    child.kill('SIGKILL');
    process.exit(1);
  }
};
process.stdin.on('end', orphaned);
process.stdin.on('close', orphaned);
process.stdin.on('error', orphaned);
process.stdin.resume();
