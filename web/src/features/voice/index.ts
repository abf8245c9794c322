// The Voice feature's public surface: the agent's Voice tab and the workspace's Phone numbers page.
export { default as VoicePage } from './VoicePage';
export { default as PhoneNumbersPage } from './PhoneNumbersPage';
