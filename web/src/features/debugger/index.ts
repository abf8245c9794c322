export { TestDebugger } from './TestDebugger';
export { EmbeddedWidget } from './EmbeddedWidget';
export { useIsAgencyUser } from '../../lib/use-agency-user';
