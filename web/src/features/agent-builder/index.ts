// Agent builder: New Agent drawer, Widget Settings (theme, settings, custom CSS), agent settings page.
export { NewAgentForm } from './NewAgentForm';
export { canOpenAgent, WIDGET_MISSING } from './access';
