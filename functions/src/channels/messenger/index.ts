// Messenger and Instagram: Facebook Login token exchange, the user's pages, connecting and removing a page, and
// the Send API sender the pipeline and Chats answer with (Instagram DMs go through the page too).
import { registerChannelSender } from '../pipeline';
import { registerConnectionLister } from '../settings/list-connections';
import { pagesOfAgents } from './pages';
import { pageSender } from './sender';

registerChannelSender('messenger', pageSender);
registerChannelSender('instagram', pageSender);
registerConnectionLister('messenger', async (db, agentIds) =>
  (await pagesOfAgents(db, agentIds)).map((p) => ({ channel: 'messenger' as const, id: p.pageId, agentId: p.agentId, label: p.pageName || p.pageId })),
);
registerConnectionLister('instagram', async (db, agentIds) =>
  (await pagesOfAgents(db, agentIds)).flatMap((p) => (p.igPageId ? [{ channel: 'instagram' as const, id: p.pageId, agentId: p.agentId, label: p.igPageName ? `@${p.igPageName}` : p.igPageId }] : [])),
);

export {
  checkPageSubscriptionsCallable, connectMetaPageCallable, exchangeMetaTokenCallable, removeMetaPageCallable, tokenToPagesCallable,
} from './connect';
