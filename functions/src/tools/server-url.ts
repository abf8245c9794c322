// A tool's server URL is checked when it is saved, as a call would check it: http(s), a standard web port, and an
// address of the public internet (the name resolved now too). Each call checks again, since a name may later
// resolve elsewhere.
import { HttpError } from '../adapters/input-errors';
import { checkUrlResolved, SafeFetchError } from '../safe-fetch';
import type { ToolCallLimits } from './deps';

export async function checkServerUrl(url: string, limits: Pick<ToolCallLimits, 'lookup'>): Promise<void> {
  try {
    await checkUrlResolved(url, { lookup: limits.lookup });
  } catch (error) {
    if (error instanceof SafeFetchError) throw new HttpError(400, error.message);
    throw error;
  }
}
