// saveAgencySettings callable: the owner's edits, merged with lastModified (Unix seconds). Only the editable
// fields of the contract are written (domains, e-mail domain and secret change through their own calls); the
// font is checked against the fonts service and the custom tab links as the spec says.
import { agencyApi, isInheritFont, validateTabHref, type Region } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import { callerOf } from '../access';
import { defineCallable } from '../callable/define-callable';
import { HttpError } from '../http/endpoint';
import { isValidFont } from './fonts';
import { agencyRecord, requireOwnedAgency } from './agency-reads';

const contract = agencyApi.saveAgencySettings;
const M = agencyApi.AGENCY_API_MESSAGES;

/** The first custom-tab link problem, or null. */
export function customTabsProblem(tabs: readonly { href: string }[]): string | null {
  for (const [i, tab] of tabs.entries()) {
    const others = tabs.filter((_, j) => j !== i).map((t) => t.href);
    const problem = validateTabHref(tab.href, others);
    if (problem) return problem;
  }
  return null;
}

export async function saveAgencySettingsHandler(
  input: { region: Region; agencyId: string; settings: agencyApi.AgencySettingsPatch },
  request: Pick<CallableRequest<unknown>, 'auth'>,
) {
  const agency = await requireOwnedAgency(callerOf(request, contract.signInMessage), input.region, input.agencyId);
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input.settings)) if (value !== undefined) patch[key] = value;

  const font = input.settings.googleFont;
  if (font !== undefined && font !== agency.data.googleFont && !isInheritFont(font) && !(await isValidFont(font))) throw new HttpError(400, M.invalidFont);
  if (input.settings.customTabs) {
    const problem = customTabsProblem(input.settings.customTabs);
    if (problem) throw new HttpError(400, problem);
  }
  if (input.settings.settings) patch.settings = { ...((agency.data.settings as Record<string, unknown>) ?? {}), ...input.settings.settings };
  patch.lastModified = Math.floor(Date.now() / 1000);
  await agency.ref.set(patch, { merge: true });
  const saved = (await agency.ref.get()).data() ?? {};
  return { success: true as const, agency: agencyRecord({ ...agency, data: saved }) };
}

export const saveAgencySettings = defineCallable(contract, saveAgencySettingsHandler);
