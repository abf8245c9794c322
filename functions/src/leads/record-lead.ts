// The one place a lead is created or updated, for the widget's form and the model's lead tool alike: one lead per
// conversation (its id is the conversation's), written with the conversation's lead mark and search terms in one
// transaction. A field already known is replaced only by a newer value; empty values never erase one. The first
// lead of a conversation is told to the workspace and the agent's clients (`lead` notification); this is also where
// a `lead.created` event belongs.
import {
  conversationSchema, leadSchema, leadSearchTerms, paths, rollupDay, storedLeadSchema,
  type Conversation, type Lead, type LeadFields, type Region,
} from '@parley/core';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { ConversationNotifier } from '../conversations';
import { parseStored } from '../adapters/stored-data';

export interface LeadsDeps {
  db: (region: Region) => Firestore;
  now: () => number;
  /** Tells the workspace and the agent's clients of a new lead (never throws). */
  notify: ConversationNotifier;
}

export interface LeadInput {
  region: Region;
  agentId: string;
  conversationId: string;
  /** Checked and normalised already (core's checkLeadFields). */
  fields: LeadFields;
  /** The page the visitor is on, when the widget knows it (else the conversation's). */
  pageUrl?: string;
}

export type LeadOutcome = { status: 'saved'; created: boolean; lead: Lead } | { status: 'no-conversation' };

/** Only what is given: undefined keys are left out of the merge. */
const given = (fields: LeadFields): LeadFields => Object.fromEntries(Object.entries(fields).filter(([, v]) => typeof v === 'string' && v)) as LeadFields;

export async function recordLead(deps: LeadsDeps, input: LeadInput): Promise<LeadOutcome> {
  const db = deps.db(input.region);
  const leadRef = db.doc(paths.lead(input.agentId, input.conversationId));
  const conversationRef = db.doc(paths.conversation(input.agentId, input.conversationId));
  const outcome = await db.runTransaction(async (tx): Promise<LeadOutcome> => {
    const [leadSnap, conversationSnap] = await tx.getAll(leadRef, conversationRef);
    if (!conversationSnap!.exists) return { status: 'no-conversation' };
    const conversation: Conversation = parseStored(conversationSchema.loose(), conversationSnap!);
    const previous = leadSnap!.exists ? parseStored(storedLeadSchema, leadSnap!) : null;
    const now = deps.now();
    const fields = { ...pickFields(previous), ...given(input.fields) };
    const pageUrl = input.pageUrl ?? previous?.pageUrl ?? conversation.pageUrl;
    const countryCode = previous?.countryCode ?? conversation.visitor.countryCode;
    const lead = leadSchema.parse({
      ID: input.conversationId,
      agentId: input.agentId,
      conversationId: input.conversationId,
      channel: conversation.channel,
      ...fields,
      ...(pageUrl ? { pageUrl } : {}),
      ...(countryCode ? { countryCode } : {}),
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
      searchTerms: leadSearchTerms(fields),
    });
    tx.set(leadRef, lead);
    tx.set(conversationRef, { hasLead: true, lead: fields, searchTerms: lead.searchTerms }, { merge: true });
    // The day's rollup counts the new lead in the same write (the charts' leads over time).
    if (!previous) {
      tx.set(db.doc(paths.agentRollup(input.agentId, rollupDay(now))), {
        day: rollupDay(now), agentId: input.agentId, leads: FieldValue.increment(1), leadChannels: { [conversation.channel]: FieldValue.increment(1) },
      }, { merge: true });
    }
    return { status: 'saved', created: !previous, lead };
  });
  if (outcome.status === 'saved' && outcome.created) {
    await deps.notify({ kind: 'lead', region: input.region, agentId: input.agentId, conversationId: input.conversationId });
  }
  return outcome;
}


function pickFields(lead: Lead | null): LeadFields {
  if (!lead) return {};
  return given({ name: lead.name, email: lead.email, phone: lead.phone });
}

/** Removes a conversation's lead and its mark on the conversation; false when there was none. */
export async function removeLead(db: Firestore, agentId: string, leadId: string): Promise<boolean> {
  const leadRef = db.doc(paths.lead(agentId, leadId));
  const conversationRef = db.doc(paths.conversation(agentId, leadId));
  return db.runTransaction(async (tx) => {
    const [leadSnap, conversationSnap] = await tx.getAll(leadRef, conversationRef);
    if (!leadSnap!.exists) return false;
    tx.delete(leadRef);
    if (conversationSnap!.exists) tx.set(conversationRef, { hasLead: false, lead: FieldValue.delete(), searchTerms: FieldValue.delete() }, { merge: true });
    return true;
  });
}
