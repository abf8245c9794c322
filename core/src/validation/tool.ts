// Tool rules: a description of bounded length and a valid server URL.
import { z } from 'zod';
import { TOOL_DESCRIPTION_MAX } from '../schemas/tool';
import { TOOL_MESSAGES as M } from './messages';

export function validateToolDescription(description: string): string | null {
  return description.length > TOOL_DESCRIPTION_MAX ? M.descriptionTooLong(TOOL_DESCRIPTION_MAX) : null;
}
export function validateToolServerUrl(url: string): string | null {
  return z.url({ protocol: /^https?$/ }).safeParse(url.trim()).success ? null : M.invalidServerUrl;
}
