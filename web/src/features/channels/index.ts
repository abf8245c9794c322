// Public surface of the channels feature: the Channels page, the channel setup modal (for the agent action menu)
// and the lists across agents.
export { ChannelDialog, type ChannelDialogProps } from './ChannelDialog';
export { isModalChannel, type ModalChannel } from './catalog';
export { MetaPagesPage, WhatsappNumbersPage } from './ConnectionsListPage';
export { default as ChannelsPage } from './ChannelsPage';
