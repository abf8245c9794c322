// Messages between the loader (host page) and the chat iframe (postMessage).
export type ToChat = { parley: 'url'; url: string } | { parley: 'opened' } | { parley: 'agent'; agent: Record<string, unknown> };
export type FromChat = { parley: 'close' } | { parley: 'ready' } | { parley: 'unread'; count: number };

export const RENDER_MODES = ['bottom-left', 'bottom-right', 'popup', 'full-width', 'modal'] as const;
export type RenderMode = (typeof RENDER_MODES)[number];

export function renderModeOf(value: unknown): RenderMode {
  return (RENDER_MODES as readonly unknown[]).includes(value) ? (value as RenderMode) : 'bottom-right';
}
