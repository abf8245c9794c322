// Messages between the loader (host page) and the chat iframe (postMessage).
import type { WidgetAgent } from '../chat/api';

export type ToChat = { parley: 'url'; url: string } | { parley: 'opened' } | { parley: 'agent'; agent: WidgetAgent };
export type FromChat = { parley: 'close' } | { parley: 'ready' } | { parley: 'unread'; count: number };
