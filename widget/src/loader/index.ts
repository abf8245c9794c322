// The loader a website adds with one tag:
//   <script src="https://HOST/widget/loader.js" data-agent-id="ID" data-region="na" async></script>
// It reads the tag, fetches the agent and draws the button (./launcher). The bubble and the panel that frames the
// chat are a chunk of their own (./deferred), fetched beside the agent; the chat runs in the iframe. loader.js is
// downloaded on every page view of every site that embeds an agent, so only what the button needs belongs in it
// (bench/widget.bench.ts holds it to its budget).
import type { MountDeferred } from './deferred';
import { mountLauncher, type GetDeferred, type Launcher } from './launcher';
import { loadDeferred } from './load-deferred';
import { fetchAgent, optionsFromScript } from './options';

export { dismissKey } from './bubble';
export { mountLauncher, type GetDeferred, type Launcher } from './launcher';
export { fetchAgent, optionsFromScript, type LoaderOptions } from './options';

/** Reads the script tag, fetches the agent and draws the launcher; nothing is drawn for an unknown agent. */
export async function boot(win: Window, script: HTMLScriptElement | null, fetchImpl: typeof fetch = fetch, getDeferred?: GetDeferred): Promise<Launcher | null> {
  const opts = optionsFromScript(script);
  if (!opts) return null;
  // The deferred part is fetched beside the agent, not after it: a cold click right after the button shows must not
  // wait one more round trip for the chat's frame. A failed fetch is tried again at the next sign of interest.
  const fetchDeferred = () => loadDeferred(win.document, opts.loaderBase);
  let early: Promise<MountDeferred> | null = getDeferred ? null : fetchDeferred();
  early?.catch(() => undefined);
  const agent = await fetchAgent(opts, fetchImpl);
  const deferred = getDeferred ?? (() => {
    const got = early ?? fetchDeferred();
    early = null;
    return got;
  });
  return agent ? mountLauncher(win, agent, opts, deferred) : null;
}
