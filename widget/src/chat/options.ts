// The chat's one options object. The loader writes it into chat.html's fragment (never sent to a server);
// `chatOptionsFromFragment` reads it back, keeping only what the chat may trust. widget/README.md lists each option.
import type { WidgetAgent } from './api';
import { agentFromParams } from '../shared/handoff';
import { originOf, trustedBase, type WidgetOrigins } from '../shared/origins';

export interface ChatOptions {
  agentId: string;
  region: 'na' | 'eu';
  /** The public API's base URL: an allowed API origin only. */
  apiBase: string;
  /** Where chat messages stream from (the function's direct URL); an allowed API origin only, else `apiBase`. */
  streamBase: string;
  /** The page the chat is embedded in, and its origin (the one origin the chat posts to and listens to). */
  page: string | null;
  parentOrigin: string | null;
  /** The visitor's language as the page's browser reports it. */
  lang: string | null;
  /** Created by an open (a click): the conversation starts without waiting for the loader's 'opened'. */
  open: boolean;
  /** Opened as a popup window: its close button closes the window. */
  popup: boolean;
  /** The agent the loader handed over, when it is the agent named (the chat then paints without a fetch). */
  handedAgent: WidgetAgent | null;
}

/**
 * Any site can frame chat.html with a fragment of its choosing: requests go to the platform's API only (the origins
 * stamped when published; an unpublished chat: its own origin), whatever `api=` or `stream=` say.
 */
export function chatOptionsFromFragment(fragment: string, origins: WidgetOrigins, selfOrigin: string): ChatOptions {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const agentId = params.get('agent') ?? '';
  const allowedApis = origins.chat ? origins.api : [selfOrigin];
  const apiBase = trustedBase(params.get('api'), allowedApis, allowedApis[0] ?? selfOrigin);
  const page = params.get('page');
  return {
    agentId,
    region: params.get('region') === 'eu' ? 'eu' : 'na',
    apiBase,
    streamBase: trustedBase(params.get('stream'), allowedApis, apiBase),
    page,
    parentOrigin: originOf(page),
    lang: params.get('lang'),
    open: params.get('open') === '1',
    popup: !!params.get('popup'),
    handedAgent: agentFromParams(params, agentId),
  };
}
