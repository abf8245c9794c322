export { TestDebugger } from './TestDebugger';
export { EmbeddedWidget } from './EmbeddedWidget';
export { useIsAgencyUser } from './use-agency-user';
