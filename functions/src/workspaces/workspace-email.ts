// POST /v2/workspaces/{uid}/email: sends an e-mail for the workspace (invites), bearer workspace secret.
import { workspacesApi } from '@parley/core';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { callerOfBearer, requireFoundWorkspace } from '../access';
import { sendMail } from './mailer';

export const workspaceEmailEndpoint = defineEndpoint(workspacesApi.sendWorkspaceEmail, async ({ params, headers, query, body }) => {
  await requireFoundWorkspace(await callerOfBearer(headers), params.uid, { regionHint: query.region });
  try {
    const id = await sendMail({ to: body.to, subject: body.subject, html: body.html });
    return { body: { success: true, id } };
  } catch (error) {
    console.error('[workspace-email] send failed:', error instanceof Error ? error.message : 'unknown error');
    throw new HttpError(502, 'Failed to send email');
  }
});
