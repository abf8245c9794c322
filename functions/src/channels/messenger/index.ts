// Messenger and Instagram: Facebook Login token exchange, the user's pages, connecting and removing a page, and
// the Send API sender the pipeline and Chats answer with (Instagram DMs go through the page too).
import type { ConnectionLister } from '../settings/list-connections';
import { pagesOfAgents } from './pages';

export { pageSender } from './page-sender';
export const messengerConnections: ConnectionLister = async (db, agentIds) =>
  (await pagesOfAgents(db, agentIds)).map((p) => ({ channel: 'messenger' as const, id: p.pageId, agentId: p.agentId, label: p.pageName || p.pageId }));
export const instagramConnections: ConnectionLister = async (db, agentIds) =>
  (await pagesOfAgents(db, agentIds)).flatMap((p) => (p.igPageId ? [{ channel: 'instagram' as const, id: p.pageId, agentId: p.agentId, label: p.igPageName ? `@${p.igPageName}` : p.igPageId }] : []));

export {
  checkPageSubscriptionsCallable, connectMetaPageCallable, exchangeMetaTokenCallable, removeMetaPageCallable, tokenToPagesCallable,
} from './connect';
