// Public surface of the agents shell feature (list, agent frame, top-bar controls).
export { AgentFrame } from './AgentFrame';
export { AgentSwitcher } from './AgentSwitcher';
export { PublishControls } from './PublishControls';
