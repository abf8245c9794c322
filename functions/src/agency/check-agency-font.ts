// checkAgencyFont callable: whether the theme font exists at the fonts service (`inherit` always does).
import { agencyApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import { callerOf } from '../access';
import { defineCallable } from '../callable/define-callable';
import { isValidFont } from './fonts';

const contract = agencyApi.checkAgencyFont;

export async function checkAgencyFontHandler(input: { font: string }, request: Pick<CallableRequest<unknown>, 'auth'>) {
  callerOf(request, contract.signInMessage);
  const valid = await isValidFont(input.font);
  return valid ? { valid } : { valid, message: agencyApi.AGENCY_API_MESSAGES.invalidFont };
}

export const checkAgencyFont = defineCallable(contract, checkAgencyFontHandler);
