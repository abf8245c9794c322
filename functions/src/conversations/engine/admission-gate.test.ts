import { describe, expect, it } from 'vitest';
import { admissionGate } from './admission-gate';
import type { OfferedTool } from './tools-port';

function deferred(): { promise: Promise<void>; resolve(): void; reject(error: Error): void } {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

const tool = (calls: string[]): OfferedTool => ({
  name: 'get_order_status',
  description: 'Order status',
  parameters: {},
  run: async (args) => {
    calls.push(args);
    return { content: 'shipped', record: { name: 'get_order_status', arguments: args, ok: true, result: 'shipped' } };
  },
});

describe('the admission gate', () => {
  it('holds the words until admitted, then passes them on in order', async () => {
    const admission = deferred();
    const seen: string[] = [];
    const send = admissionGate(admission.promise).deltas((text) => seen.push(text));
    send('Open ');
    send('at 9');
    expect(seen).toEqual([]);
    admission.resolve();
    await admission.promise;
    await Promise.resolve();
    send('am.');
    expect(seen).toEqual(['Open ', 'at 9', 'am.']);
  });

  it('drops the words and runs no tool when the admission is refused', async () => {
    const admission = deferred();
    const seen: string[] = [];
    const calls: string[] = [];
    const gate = admissionGate(admission.promise);
    const send = gate.deltas((text) => seen.push(text));
    const [gated] = gate.tools([tool(calls)]);
    send('Your order ');
    const running = gated!.run('{"order_id":"1234"}');
    admission.reject(new Error('refused'));
    await expect(running).rejects.toThrow('refused');
    send('has shipped.');
    expect(seen).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('runs a tool only once admitted, each round of a changing offer too', async () => {
    const admission = deferred();
    const calls: string[] = [];
    const offer = admissionGate(admission.promise).offer(async () => ({ tools: [tool(calls)], system: 'Step two' }));
    const round = await offer();
    expect(round.system).toBe('Step two');
    const running = round.tools[0]!.run('{"order_id":"1"}');
    await Promise.resolve();
    expect(calls).toEqual([]);
    admission.resolve();
    expect((await running).content).toBe('shipped');
    expect(calls).toEqual(['{"order_id":"1"}']);
  });
});
