// What the one tag says (data-* attributes) and the agent it names, fetched once per page view.
import { widgetRenderMode, type WidgetRenderMode } from '@parley/core';
import type { conversationsApi } from '@parley/core';
import type { z } from 'zod';
import type { WidgetAgent } from '../chat/api';
import { widgetOrigins } from '../shared/origins';

export interface LoaderOptions {
  agentId: string;
  region: 'na' | 'eu';
  /** Where the API lives (default: the script's origin). */
  apiBase: string;
  /** Where chat.html lives (default: the chat's own origin, stamped when the widget is published). */
  widgetBase: string;
  /** The folder loader.js was served from, where its panel chunk is too. */
  loaderBase: string;
  mode?: WidgetRenderMode;
  /** Where chat messages stream from (the function's direct URL), when the API says so. */
  streamBase?: string;
}

const noSlash = (url: string) => url.replace(/\/$/, '');

export function optionsFromScript(script: HTMLScriptElement | null, origins = widgetOrigins()): LoaderOptions | null {
  const data = script?.dataset;
  const agentId = data?.agentId;
  if (!script || !data || !agentId) return null;
  const src = new URL(script.src, location.href);
  // The chat is framed from its own origin, never from the dashboard's where the loader may be served.
  const { chat } = origins;
  const folder = src.href.slice(0, src.href.lastIndexOf('/'));
  return {
    agentId,
    region: data.region === 'eu' ? 'eu' : 'na',
    apiBase: noSlash(data.api ?? src.origin),
    widgetBase: noSlash(data.widgetBase ?? (chat ? `${chat}/widget` : folder)),
    loaderBase: folder,
    mode: data.renderMode ? widgetRenderMode(data.renderMode) : undefined,
  };
}

/** The public agent, or null (unknown agent, network error); notes the streaming URL the API names. */
export async function fetchAgent(opts: LoaderOptions, fetchImpl: typeof fetch = fetch): Promise<WidgetAgent | null> {
  try {
    const res = await fetchImpl(`${opts.apiBase}/public/agents/${encodeURIComponent(opts.agentId)}?region=${opts.region}`);
    if (!res.ok) return null;
    const body = (await res.json()) as Partial<z.input<(typeof conversationsApi.getPublicAgent)['output']>>;
    if (typeof body.streamBase === 'string' && /^https?:\/\//.test(body.streamBase)) opts.streamBase = body.streamBase;
    return body.data ?? null;
  } catch {
    return null;
  }
}
