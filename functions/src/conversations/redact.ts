// The agent as a website visitor may see it: only the fields the widget needs (core's WIDGET_AGENT_FIELDS), each
// kept only when it has the type the widget expects. Anything else on the document — secrets, prompts, models,
// limits, allowed domains, the owner's workspace id, and any field added later — is never published. JSON kept in
// a string field is an allowlist too: the custom theme is published as its colours only.
import { conversationsApi, publicCustomThemeJSON } from '@parley/core';
import type { z } from 'zod';

const shape = conversationsApi.widgetAgentSchema.shape as Record<string, z.ZodType>;

export function publicAgent(data: Record<string, unknown>, agentId: string): z.input<typeof conversationsApi.widgetAgentSchema> {
  const out: Record<string, unknown> = { ID: agentId };
  for (const key of conversationsApi.WIDGET_AGENT_KEYS) {
    if (key === 'ID' || data[key] === undefined) continue;
    if (key === 'customThemeJSONString') {
      const theme = publicCustomThemeJSON(data[key]);
      if (theme !== undefined) out[key] = theme;
      continue;
    }
    // A legacy value of the wrong type is left out rather than break the widget's parse.
    if (shape[key]!.safeParse(data[key]).success) out[key] = data[key];
  }
  // Of the voice settings only whether web calls are taken: the chat shows its call button.
  const voice = data.voiceConfig as { config?: { enableWebCalling?: unknown } } | undefined;
  if (voice?.config?.enableWebCalling === true) out.webCalling = true;
  return out as z.input<typeof conversationsApi.widgetAgentSchema>;
}
