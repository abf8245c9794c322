// Discord: connect a channel (its webhook URL), the bot install link, the /ask interactions endpoint, and the
// sender the pipeline answers with.
import { discordInteractionsEndpoint } from './interactions';
import type { InboundDeps } from '../pipeline';

export { discordSender } from './discord-sender';
export { saveDiscordChannelCallable } from './save-channel';
export { disconnectDiscordChannelCallable } from './disconnect-channel';
export { discordInstallLinkCallable } from './install-link';
export const discordEndpoints = (deps: InboundDeps) => [discordInteractionsEndpoint(deps)];
