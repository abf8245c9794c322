import { describe, expect, it, vi } from 'vitest';
import { testAgent, resetPageEachTest } from '../../testing/loader-dom';
import { mountDeferred, type MountDeferred } from './deferred';
import { mountLauncher, type LoaderOptions } from './index';
import { DEFERRED_FILE, loadDeferred, type DeferredScript } from './load-deferred';

const opts: LoaderOptions = { agentId: 'A1', region: 'na', apiBase: 'https://api.example', widgetBase: 'https://chat.example/widget', loaderBase: 'https://cdn.example/widget' };
const agent = testAgent;
const root = (host: HTMLElement) => host.shadowRoot!;

/** loader-deferred.js arriving when the test says so (or failing). */
function slowChunk() {
  let arrive: (mount: MountDeferred) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const fetches = vi.fn(() => new Promise<MountDeferred>((resolve, reject) => ((arrive = resolve), (fail = reject))));
  return { fetches, arrive: () => arrive(mountDeferred), fail: () => fail(new Error('offline')) };
}

resetPageEachTest();

describe('the loader’s deferred part (bubble and panel)', () => {
  it('is asked for as the button is drawn, once, so a click right after finds it on its way', async () => {
    const chunk = slowChunk();
    const launcher = mountLauncher(window, agent(), opts, chunk.fetches);
    expect(root(launcher.host).querySelector('.btn')).not.toBeNull();
    expect(chunk.fetches).toHaveBeenCalledTimes(1);
    (root(launcher.host).querySelector('.btn') as HTMLButtonElement).click();
    await vi.advanceTimersByTimeAsync(50);
    expect(chunk.fetches).toHaveBeenCalledTimes(1);
  });

  it('opens the chat when it arrives if the visitor clicked before, and starts the conversation at once', async () => {
    const chunk = slowChunk();
    const launcher = mountLauncher(window, agent({ proactiveMessage: 'none' }), opts, chunk.fetches);
    (root(launcher.host).querySelector('.btn') as HTMLButtonElement).click();
    expect(launcher.isOpen()).toBe(true);
    expect(root(launcher.host).querySelector('iframe')).toBeNull();
    chunk.arrive();
    await vi.advanceTimersByTimeAsync(0);
    const iframe = root(launcher.host).querySelector('iframe')!;
    expect(new URLSearchParams(new URL(iframe.src).hash.slice(1)).get('open')).toBe('1');
    expect(root(launcher.host).querySelector('.panel')!.classList.contains('open')).toBe(true);
    expect(chunk.fetches).toHaveBeenCalledTimes(1);
  });

  it('still shows the bubble a second after the button was drawn when it arrives late', async () => {
    const chunk = slowChunk();
    const launcher = mountLauncher(window, agent({ proactiveMessage: 'Need help?' }), opts, chunk.fetches);
    await vi.advanceTimersByTimeAsync(600);
    chunk.arrive();
    await vi.advanceTimersByTimeAsync(399);
    expect(root(launcher.host).querySelector('.bubble')).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(root(launcher.host).querySelector('.bubble')?.textContent).toContain('Need help?');
  });

  it('is fetched again at the next sign of interest when it could not be', async () => {
    const chunk = slowChunk();
    const launcher = mountLauncher(window, agent(), opts, chunk.fetches);
    await vi.advanceTimersByTimeAsync(50);
    chunk.fail();
    await vi.advanceTimersByTimeAsync(0);
    launcher.open();
    expect(chunk.fetches).toHaveBeenCalledTimes(2);
    chunk.arrive();
    await vi.advanceTimersByTimeAsync(0);
    expect(root(launcher.host).querySelector('iframe')).not.toBeNull();
  });

  it('does not hold a popup back: it opens within the click', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const chunk = slowChunk();
    const launcher = mountLauncher(window, agent(), { ...opts, mode: 'popup' }, chunk.fetches);
    launcher.open();
    expect(open).toHaveBeenCalledWith(expect.stringContaining('https://chat.example/widget/chat.html#'), 'parley-A1', 'width=420,height=680');
  });
});

describe('loadDeferred', () => {
  /** A document whose head keeps the script element, so the test plays the browser. */
  function page() {
    const scripts: DeferredScript[] = [];
    const doc = { createElement: () => ({ remove: () => undefined }), head: { append: (s: DeferredScript) => scripts.push(s) } } as unknown as Document;
    return { doc, scripts };
  }

  it('fetches the chunk beside loader.js and takes what it hands over', async () => {
    const { doc, scripts } = page();
    const loaded = loadDeferred(doc, 'https://cdn.example/widget');
    const script = scripts[0]!;
    expect(script.src).toBe(`https://cdn.example/widget/${DEFERRED_FILE}`);
    script.parley?.(mountDeferred);
    (script.onload as () => void)();
    await expect(loaded).resolves.toBe(mountDeferred);
  });

  it('fails when the chunk cannot be fetched or hands nothing over', async () => {
    for (const event of ['onerror', 'onload'] as const) {
      const { doc, scripts } = page();
      const loaded = loadDeferred(doc, 'https://cdn.example/widget');
      (scripts[0]![event] as () => void)();
      await expect(loaded).rejects.toThrow(DEFERRED_FILE);
    }
  });
});
