// Public surface of the workspaces feature.
export { WorkspaceSwitcher } from './WorkspaceSwitcher';
export { SwitchingScreen } from './SwitchingScreen';
