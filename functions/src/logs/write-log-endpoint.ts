// POST /api/workspace/:userId/logs: an integrator writes to the workspace's logs with the workspace's secret as
// bearer. The workspace must exist (404 "Workspace not provided", nothing written) before the secret is checked.
import { logsApi } from '@parley/core';
import { callerOfBearer, findWorkspace, requireWorkspaceSecret } from '../access';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { RATE_RULES } from '../rate-limits';
import { appendWorkspaceLog, type LogsDeps } from './log-entries';

export const BODY_USER_MISMATCH = 'userId in the body must be the workspace in the path.';

export const writeLogEndpoint = (deps: LogsDeps) =>
  defineEndpoint(logsApi.writeWorkspaceLog, async ({ params, body, headers, idTokens, limits }) => {
    if (body.userId !== undefined && body.userId !== params.userId) throw new HttpError(400, BODY_USER_MISMATCH);
    const workspace = await findWorkspace(params.userId, body.region);
    if (!workspace) throw new HttpError(404, logsApi.WORKSPACE_NOT_PROVIDED);
    await requireWorkspaceSecret(await callerOfBearer({ headers, idTokens }), workspace);
    await limits.enforce({ rule: RATE_RULES.workspaceLogs, key: workspace.uid });
    const { userId: _userId, region: _region, ...entry } = body;
    const written = await appendWorkspaceLog(deps, workspace.region, workspace.uid, entry);
    if (!written) throw new HttpError(503, 'The log could not be written. Please try again.');
    return { body: { success: true, id: written.id, emailed: written.emailed } };
  });
