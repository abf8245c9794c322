// createWhatsappTemplate: the Create Template form. The template must fit core's schema (name lower case with
// underscores, language and category from their lists, a body) or it is "Invalid template info"; it is created on
// the WABA with the token of the agent's number there.
import { channelsApi, parseWhatsappTemplate } from '@parley/core';
import { HttpsError } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireAgentAccess, type TokenCaller } from '../../access';
import { defineCallable } from '../../callable/define-callable';
import { GraphError } from '../meta/graph';
import { createTemplate } from './cloud-api';
import { numbersOfAgent, readNumberSecrets } from './numbers';
import { signupToken } from './signup';

const T = channelsApi.META_TEXTS;

export async function createWhatsappTemplate(input: z.output<typeof channelsApi.createWhatsappTemplate.input>, caller: TokenCaller) {
  const { db } = await requireAgentAccess(caller, input.region, input.agentId);
  const parsed = parseWhatsappTemplate({ name: input.name, language: input.language, category: input.category, bodyText: input.bodyText });
  if (!parsed.ok) throw new HttpsError('invalid-argument', parsed.error);
  const number = (await numbersOfAgent(db, input.agentId)).find((n) => n.wabaId === input.wabaId);
  const token = (number ? (await readNumberSecrets(db, number.phoneId))?.longAccessToken : null) ?? (await signupToken(input.region, caller.uid));
  if (!token) return { ok: false, message: T.waErrorOccurred(T.signupFirst) };
  try {
    const created = await createTemplate(token, input.wabaId, parsed.template);
    return { ok: true, message: T.templateCreated, ...(created.id ? { templateId: created.id } : {}), ...(created.status ? { status: created.status } : {}) };
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    return { ok: false, message: T.waErrorOccurred(error.message) };
  }
}

export const createWhatsappTemplateCallable = defineCallable(channelsApi.createWhatsappTemplate, (input, request) => createWhatsappTemplate(input, callerOf(request)));
