// Turning an org patch from the Org Info drawer into stored fields, with the spec's messages.
import { DISABLED_ACCESS_MESSAGE_MAX, validateDisabledAccessMessage, validateOrgName } from '@parley/core';
import { type OrgPatch } from './api';
import { HttpError } from '../http/endpoint';
import type { StoredOrg } from './org-client-reads';

/** The patch as stored: trimmed name ("Organization name is required."), merged settings, checked message length. */
export function storedOrgPatch(patch: OrgPatch, current: Partial<StoredOrg> | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) if (value !== undefined && key !== 'settings') out[key] = value;
  if (patch.name !== undefined) {
    const error = validateOrgName(patch.name);
    if (error) throw new HttpError(400, error);
    out.name = patch.name.trim();
  }
  if (patch.settings) {
    const message = patch.settings.disableClientAccessMessage;
    if (message !== undefined) {
      const error = validateDisabledAccessMessage(message);
      if (error || message.length > DISABLED_ACCESS_MESSAGE_MAX) throw new HttpError(400, error ?? 'Message too long');
    }
    const settings = Object.fromEntries(Object.entries(patch.settings).filter(([, v]) => v !== undefined));
    out.settings = { ...(current?.settings ?? {}), ...settings };
  }
  if (patch.predefinedTags) out.predefinedTags = [...new Set(patch.predefinedTags.map((t) => t.trim()))];
  if (patch.widgetIDs) out.widgetIDs = [...new Set(patch.widgetIDs)];
  return out;
}
