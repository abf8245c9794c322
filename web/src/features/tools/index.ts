// Tools feature: the Functions page (/app/{region}/integrations) and an agent's Tools tab (/agents/{id}/tools).
export { default as FunctionsPage } from './FunctionsPage';
export { default as AgentToolsPage } from './AgentToolsPage';
export { useAgentToolChoices, type AgentToolChoice } from './tool-choices';
