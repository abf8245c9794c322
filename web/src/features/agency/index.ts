// Agency white-label area: the agency page (/app/{region}/agency), the custom-tab page and frame, and the
// white-label trial banner for the side navigation.
export { WhitelabelTrialBanner } from './WhitelabelTrialBanner';
export { CustomTabFrame } from './CustomTabFrame';
export { CustomTabScreen } from './CustomTabScreen';
export type { SharedEditors } from './editor-types';
