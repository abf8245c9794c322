// Client and organisation form rules: every field to add a client, an organisation's name and id, credit transfers
// between workspace and org within their balances, and the disabled-access message's length.
import { DISABLED_ACCESS_MESSAGE_MAX } from '../schemas/client';
import { ORG_MESSAGES as M } from './messages';

/** existingClientOrgId: orgId of a client that already has this e-mail, if any. */
export function validateAddClient(
  input: { name: string; email: string; dashboardPassword: string },
  context: { orgId: string; existingClientOrgId?: string | null },
): string | null {
  if (!input.name.trim() || !input.email.trim() || !input.dashboardPassword.trim()) return M.addClientFields;
  if (context.existingClientOrgId && context.existingClientOrgId !== context.orgId) return M.clientExists(context.existingClientOrgId);
  return null;
}

export function validateOrgName(name: string | null | undefined): string | null {
  return name?.trim() ? null : M.nameRequired;
}
export function validateOrgId(id: string | null | undefined): string | null {
  return id?.trim() ? null : M.idMissing;
}

/** Credits move from `source` (workspace or org) to the other side. */
export function validateCreditTransfer(input: { amount: number; sourceBalance: number; source: 'workspace' | 'org' }): string | null {
  if (!Number.isFinite(input.amount) || input.amount <= 0) return M.transferAmount;
  if (input.amount > input.sourceBalance) return input.source === 'workspace' ? M.notEnoughWorkspace : M.notEnoughOrg;
  return null;
}

export function validateDisabledAccessMessage(message: string): string | null {
  return message.length > DISABLED_ACCESS_MESSAGE_MAX ? M.disabledAccessMessageTooLong(DISABLED_ACCESS_MESSAGE_MAX) : null;
}
