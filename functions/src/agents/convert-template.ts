// Callable convertAgentTemplateToAgent: { agentName, agentTemplate, region } → { agentCreated }.
import {
  AGENT_MESSAGES, agentFlowProblems, agentsApi, findTemplate, flowRefusalMessage, newAgentId, newAgentSecret, paths, redactAgent, templateConfigSchema, WORKSPACE_MESSAGES,
  type Agent, type AgentTemplate, type PublicAgent, type Region,
} from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { databaseFor } from '../adapters/firestore';
import { callerOf, requireAgentCreator } from '../access';
import { defineCallable } from '../callable/define-callable';
import { buildNewAgent } from './defaults';
import { pickPresentKeys, SERVER_MAINTAINED_FIELDS } from './present-keys';
import { sendWorkspaceEvent, type RaisesEvents } from '../events';
import { countAgents, createWithinPlanLimit } from '../quota';

export const NAME_REQUIRED = AGENT_MESSAGES.nameRequired;
export const LOGIN_REQUIRED = WORKSPACE_MESSAGES.loginRequired;

const contract = agentsApi.convertAgentTemplateToAgent;
/** The callable's input, as parsed (tests parse with it too). */
export const convertAgentTemplateInput = contract.input;
export type ConvertAgentTemplateInput = z.output<typeof convertAgentTemplateInput>;

function resolveTemplate(input: ConvertAgentTemplateInput['agentTemplate']): AgentTemplate {
  if (typeof input !== 'string') return input;
  const found = findTemplate(input);
  if (!found) throw new HttpsError('invalid-argument', `Unknown template: ${input}`);
  return found;
}

/** Validates a template's preset fields, keeping only what the template actually sets. */
export function templatePreset(template: AgentTemplate): Partial<Agent> {
  const parsed = templateConfigSchema.loose().safeParse(template.template);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpsError('invalid-argument', `Template ${template.key}: ${issue?.path.join('.') || 'template'}: ${issue?.message}`);
  }
  const preset = pickPresentKeys(parsed.data as Record<string, unknown>, template.template) as Partial<Agent>;
  for (const key of SERVER_MAINTAINED_FIELDS) delete (preset as Record<string, unknown>)[key];
  // A template with nodes enabled creates an agent that runs its flow: the flow passes the publish checks first.
  const problems = agentFlowProblems(preset);
  if (problems.length > 0) throw new HttpsError('invalid-argument', `Template ${template.key}: ${flowRefusalMessage(problems)}`);
  return preset;
}

export interface CreatedAgent {
  agentCreated: PublicAgent;
}

/** Creates the agent (public doc + private secrets) and fires the new-agent hook (on the composition's events). */
export async function createAgentFromTemplate(deps: RaisesEvents, uid: string, input: ConvertAgentTemplateInput): Promise<CreatedAgent> {
  const template = resolveTemplate(input.agentTemplate);
  const region: Region = input.region;
  const db = databaseFor(region);
  const agent = buildNewAgent({
    id: newAgentId(),
    name: input.agentName,
    ownerID: uid,
    region,
    preset: templatePreset(template),
    templateKey: template.key,
    nowSeconds: Math.floor(Date.now() / 1000),
  });
  const publicAgent = redactAgent(agent);
  // Within the plan's maxAgents (403 with the plan's message otherwise).
  await createWithinPlanLimit(db, uid, 'agents', {
    count: (tx) => countAgents(db, tx, uid),
    write: (tx) => {
      tx.create(db.doc(paths.agent(agent.ID)), publicAgent);
      tx.set(db.doc(paths.agentSecrets(agent.ID)), { SECRET_API_KEY: newAgentSecret() });
    },
  });
  // Fire-and-forget: a slow or failing hook must not delay or fail the creation.
  void sendWorkspaceEvent(deps, db, uid, 'new-agent', {
    agentId: agent.ID, agentName: agent.title, templateKey: template.key, region,
  });
  return { agentCreated: publicAgent };
}

export function convertAgentTemplateHandler(deps: RaisesEvents) {
  return async (input: ConvertAgentTemplateInput, request: Pick<CallableRequest<unknown>, 'auth'>) => {
    // The new agent belongs to the caller's own workspace.
    const caller = requireAgentCreator(callerOf(request, LOGIN_REQUIRED));
    return createAgentFromTemplate(deps, caller.uid, input);
  };
}

export const convertAgentTemplateCallable = (deps: RaisesEvents) => defineCallable(contract, convertAgentTemplateHandler(deps));
