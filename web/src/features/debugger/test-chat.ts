// The test debugger's calls: the widget's chat endpoint (sendChatMessage) as the signed-in owner (ID token),
// with the unsaved draft (?channel=test: kept among the agent's test chats, never in Chats). The answer streams.
import { conversationsApi, type EndpointBody, type EndpointEvent, type Region } from '@parley/core';
import { streamApi } from '../../lib/api';

type ChatBody = EndpointBody<typeof conversationsApi.sendChatMessage>;
export type TestAnswer = EndpointEvent<typeof conversationsApi.sendChatMessage, 'done'>;
export type TestTurn = NonNullable<ChatBody['history']>[number];

/** The draft settings the runtime honours in a test (the server's own rule: other fields and wrong types drop out). */
export function draftOverrides(draft: Record<string, unknown>): conversationsApi.DraftOverrides {
  return conversationsApi.draftOverridesSchema.parse(draft);
}

export async function sendTestMessage(opts: {
  region: Region;
  agentId: string;
  idToken: string;
  draft: Record<string, unknown>;
  action: 'launch' | 'text';
  /** The conversation this debug session got with its first answer (none yet: the server starts one). */
  conversationId?: string;
  message?: string;
  history: TestTurn[];
  onDelta(text: string): void;
}): Promise<TestAnswer> {
  const events = streamApi(conversationsApi.sendChatMessage, {
    params: { agentId: opts.agentId },
    query: { region: opts.region, channel: 'test' },
    body: { action: opts.action, conversationId: opts.conversationId, message: opts.message, history: opts.history, draft: draftOverrides(opts.draft), stream: true, region: opts.region },
    bearer: opts.idToken,
  });
  for await (const e of events) {
    if (e.event === 'delta') opts.onDelta(e.data.text);
    else if (e.event === 'done') return e.data;
    else if (e.event === 'error') throw new Error(e.data.error || 'Something went wrong.');
  }
  throw new Error('The reply was interrupted. Please try again.');
}
