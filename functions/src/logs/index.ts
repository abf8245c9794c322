// Logs feature: the workspace's log store (written by the product and by the integrators' REST call) and its reading.
import type { Endpoint } from '../http/endpoint';
import type { LogsDeps } from './log-entries';
import { writeLogEndpoint } from './write-log-endpoint';

export const logsEndpoints = (deps: LogsDeps): Endpoint[] => [writeLogEndpoint(deps)];
export { listWorkspaceLogsCallable } from './list-workspace-logs';
export { appendWorkspaceLog, workspaceEmailsOf, type LogsDeps } from './log-entries';
export { filterKeyFor, filterKeysOf, newestPage, type FilteredList } from './filter-keys';
export { logAgentFailure, platformLogs, regionOfDatabase, toolFailureLogger } from './product-logs';
