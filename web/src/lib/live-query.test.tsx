// useLiveQuery over a hand-driven source: what the hook does with a subscription (the Firestore side is
// covered against the emulator in firestore-live.test.ts).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { LiveSource } from './firestore-live';
import { combineLive, useLiveQuery } from './live-query';

const settle = (fn: () => void) =>
  act(async () => {
    fn();
    await new Promise((r) => setTimeout(r, 0));
  });

/** A source the test pushes values and errors into, recording every subscription. */
function driven<T>() {
  const subscriptions: Array<{ next(value: T): void; fail(error: Error): void; stopped: boolean }> = [];
  const source: LiveSource<T> = (next, fail) => {
    const sub = { next, fail, stopped: false };
    subscriptions.push(sub);
    return () => {
      sub.stopped = true;
    };
  };
  const current = () => subscriptions.filter((s) => !s.stopped);
  return {
    source,
    subscriptions,
    current,
    // Cache updates reach components on TanStack Query's next tick.
    push: (value: T) => settle(() => current().forEach((s) => s.next(value))),
    fail: (error: Error) => settle(() => current().forEach((s) => s.fail(error))),
  };
}

function Probe({ id, source }: { id: string; source: LiveSource<string[]> | null }) {
  const live = useLiveQuery(['probe', id], source);
  return (
    <div>
      <output aria-label="state">{live.isLoading ? 'loading' : live.error ? `error: ${live.error.message}` : 'live'}</output>
      <output aria-label="data">{live.data?.join(',') ?? 'none'}</output>
      <button onClick={live.retry}>Try again</button>
    </div>
  );
}

function setup(ui: ReactNode) {
  const client = new QueryClient();
  const view = render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  const rerender = (next: ReactNode) => view.rerender(<QueryClientProvider client={client}>{next}</QueryClientProvider>);
  return { client, view, rerender };
}

const text = (name: string) => screen.getByRole('status', { name }).textContent;

describe('useLiveQuery', () => {
  it('subscribes on mount and writes every value to the query cache', async () => {
    const src = driven<string[]>();
    const { client } = setup(<Probe id="a" source={src.source} />);
    expect(src.current()).toHaveLength(1);
    expect(text('state')).toBe('loading');
    await src.push(['hello']);
    expect(text('data')).toBe('hello');
    expect(text('state')).toBe('live');
    await src.push(['hello', 'again']);
    expect(text('data')).toBe('hello,again');
    expect(client.getQueryData(['probe', 'a'])).toEqual(['hello', 'again']);
  });

  it('unsubscribes on unmount and keeps the last value in the cache for the next mount', async () => {
    const src = driven<string[]>();
    const { client, view } = setup(<Probe id="a" source={src.source} />);
    await src.push(['kept']);
    view.unmount();
    expect(src.subscriptions[0]!.stopped).toBe(true);
    expect(client.getQueryData(['probe', 'a'])).toEqual(['kept']);
  });

  it('shows the cached value at once on remount while the new subscription starts', async () => {
    const src = driven<string[]>();
    const client = new QueryClient();
    const first = render(
      <QueryClientProvider client={client}>
        <Probe id="a" source={src.source} />
      </QueryClientProvider>,
    );
    await src.push(['cached']);
    first.unmount();
    render(
      <QueryClientProvider client={client}>
        <Probe id="a" source={src.source} />
      </QueryClientProvider>,
    );
    expect(text('data')).toBe('cached');
    expect(text('state')).toBe('live');
    expect(src.current()).toHaveLength(1);
  });

  it('shows an error, keeps the last value, and subscribes again on retry', async () => {
    const src = driven<string[]>();
    setup(<Probe id="a" source={src.source} />);
    await src.push(['before']);
    await src.fail(new Error('Missing or insufficient permissions.'));
    expect(text('state')).toBe('error: Missing or insufficient permissions.');
    expect(text('data')).toBe('before');
    await settle(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(src.subscriptions).toHaveLength(2);
    expect(src.subscriptions[0]!.stopped).toBe(true);
    expect(text('state')).toBe('live');
    await src.push(['after']);
    expect(text('data')).toBe('after');
  });

  it('an error before any value leaves the view out of the loading state', async () => {
    const src = driven<string[]>();
    setup(<Probe id="a" source={src.source} />);
    await src.fail(new Error('offline'));
    expect(text('state')).toBe('error: offline');
    expect(text('data')).toBe('none');
  });

  it('a new key subscribes anew and stops the old subscription; a new source function for the same key does not', async () => {
    const src = driven<string[]>();
    const { rerender } = setup(<Probe id="a" source={src.source} />);
    // Same key, a new function each render (as call sites build them): still one subscription.
    rerender(<Probe id="a" source={(next, fail) => src.source(next, fail)} />);
    expect(src.subscriptions).toHaveLength(1);
    rerender(<Probe id="b" source={src.source} />);
    expect(src.subscriptions).toHaveLength(2);
    expect(src.subscriptions[0]!.stopped).toBe(true);
    expect(text('state')).toBe('loading');
    await src.push(['for b']);
    expect(text('data')).toBe('for b');
  });

  it('an error of the previous key does not show under the new key', async () => {
    const src = driven<string[]>();
    const { rerender } = setup(<Probe id="a" source={src.source} />);
    await src.fail(new Error('old'));
    rerender(<Probe id="b" source={src.source} />);
    expect(text('state')).toBe('loading');
  });

  it('a null source subscribes to nothing and is not loading', async () => {
    const src = driven<string[]>();
    setup(<Probe id="a" source={null} />);
    expect(src.subscriptions).toHaveLength(0);
    expect(text('state')).toBe('live');
    expect(text('data')).toBe('none');
  });

  it('values a stopped subscription still delivers are ignored', async () => {
    const src = driven<string[]>();
    const { client, rerender } = setup(<Probe id="a" source={src.source} />);
    const old = src.subscriptions[0]!;
    rerender(<Probe id="b" source={src.source} />);
    await settle(() => old.next(['late']));
    expect(client.getQueryData(['probe', 'a'])).toBeUndefined();
  });
});

describe('combineLive', () => {
  it('waits for every source, then delivers all latest values in order on each change', async () => {
    const one = driven<string>();
    const two = driven<string>();
    const seen: string[][] = [];
    const stop = combineLive([one.source, two.source])((v) => seen.push(v), () => undefined);
    one.current()[0]!.next('a1');
    expect(seen).toEqual([]);
    two.current()[0]!.next('b1');
    one.current()[0]!.next('a2');
    expect(seen).toEqual([
      ['a1', 'b1'],
      ['a2', 'b1'],
    ]);
    stop();
    expect(one.current()).toHaveLength(0);
    expect(two.current()).toHaveLength(0);
  });

  it('the first error stops every source and is reported once', async () => {
    const one = driven<string>();
    const two = driven<string>();
    const errors: string[] = [];
    combineLive([one.source, two.source])(() => undefined, (e) => errors.push(e.message));
    one.current()[0]!.fail(new Error('denied'));
    expect(errors).toEqual(['denied']);
    expect(one.current()).toHaveLength(0);
    expect(two.current()).toHaveLength(0);
  });
});
