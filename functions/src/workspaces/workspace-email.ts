// POST /v2/workspaces/{uid}/email: sends an e-mail for the workspace (invites), bearer workspace secret.
import { z } from 'zod';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { requireWorkspaceBearer } from './access';
import { sendMail } from './mailer';

export const workspaceEmailInput = z.object({
  subject: z.string().trim().min(1).max(300),
  html: z.string().min(1).max(200_000),
  to: z.union([z.email(), z.array(z.email()).min(1).max(50)]).transform((to) => (Array.isArray(to) ? to : [to])),
});

export const workspaceEmailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v2/workspaces/:uid/email',
  input: workspaceEmailInput,
  handler: async ({ params, headers, query, input }) => {
    await requireWorkspaceBearer(headers, params.uid ?? '', query.get('region'));
    try {
      const id = await sendMail({ to: input.to, subject: input.subject, html: input.html });
      return { body: { success: true, id } };
    } catch (error) {
      console.error('[workspace-email] send failed:', error instanceof Error ? error.message : 'unknown error');
      throw new HttpError(502, 'Failed to send email');
    }
  },
});
