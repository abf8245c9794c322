// The Voice feature's public surface: the agent's Voice tab.
export { default as VoicePage } from './VoicePage';
