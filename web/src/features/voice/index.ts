// The Voice feature's public surface: the agent's Voice tab, its voice channel page and the workspace's Phone numbers page.
export { default as VoicePage } from './VoicePage';
export { default as PhoneNumbersPage } from './PhoneNumbersPage';
export { default as VoiceChannelPage } from './VoiceChannelPage';
