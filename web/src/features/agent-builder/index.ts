// Agent builder: New Agent drawer, Widget Settings (theme, settings, custom CSS), agent settings page.
export { NewAgentForm } from './NewAgentForm';
