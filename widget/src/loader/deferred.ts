// What the launcher needs only after its button is on screen: the proactive bubble (./bubble) and the panel that
// frames the chat (./panel). It is its own file, dist/loader-deferred.js, which the loader fetches beside the agent
// as it starts, so that loader.js, downloaded on every page view of every site that embeds an agent, stays small.
// loader.js and loader-deferred.js are cached apart (a deploy may reach a visitor's browser one file before the
// other): change DeferredHost and Deferred only in ways the other side's previous version still understands.
import { PROACTIVE_BUBBLE_DELAY_MS } from '@parley/core';
import { scheduleBubble } from './bubble';
import { mountPanel, type Panel, type PanelHost } from './panel';

export interface DeferredHost extends PanelHost {
  /** `l` or `r`: the side the button sits on. */
  side: string;
  /** When the button was drawn (Unix ms): the bubble shows a second after. */
  drawnAt: number;
  /** The launcher's open (the bubble opens the chat). */
  open(): void;
}

export interface Deferred extends Panel {
  hideBubble(): void;
}

export type MountDeferred = (host: DeferredHost) => Deferred;

export const mountDeferred: MountDeferred = (host) => {
  const panel = mountPanel(host);
  const hideBubble = scheduleBubble({
    ...host,
    delay: Math.max(0, host.drawnAt + PROACTIVE_BUBBLE_DELAY_MS - Date.now()),
    wanted: () => !panel.isOpen() && host.root.host.isConnected,
  });
  return {
    ...panel,
    open() {
      hideBubble();
      panel.open();
    },
    hideBubble,
  };
};
