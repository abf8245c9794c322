// Voice agents: the phone numbers a workspace holds, the calls its agents take, and the documents that keep a call's
// state. Every call is also a conversation (schemas/conversation.ts, channel `phone` or `webcall`) with its `call`
// summary; these documents are the functions' bookkeeping beside it.
//   phoneNumbers/{id}                       – a number of a workspace (members read; functions write)
//   phoneNumbers/{id}/private/secrets       – an imported number's own Twilio account SID and auth token (functions only)
//   voiceglow/{agentId}/private/voice       – the secret the voice provider sends to the agent's custom-LLM endpoint
//   voiceCalls/{callId}                     – one call's state: its agent, conversation, line held, billed (functions only)
//   voiceLines/{ownerID}                    – the workspace's calls in progress, counted against maxConcurrentCalls (functions only)
//   voiceEvents/{callId}_{type}[_{key}]     – one provider webhook event, processed once (functions only)
//   voiceglow/{agentId}/stats/voice         – the agent's call minutes and cost per month (maxMinutesMonthly, maxCostMonthly)
import { z } from 'zod';
import { COLLECTIONS, pathSegment, PRIVATE_DOC_IDS } from '../collections';
import { CHANNEL_MESSAGES } from '../validation/messages';

export const VOICE_COLLECTIONS = {
  phoneNumbers: 'phoneNumbers',
  voiceCalls: 'voiceCalls',
  voiceLines: 'voiceLines',
  voiceEvents: 'voiceEvents',
} as const;

const seg = pathSegment;

export const voicePaths = {
  phoneNumbers: () => VOICE_COLLECTIONS.phoneNumbers,
  phoneNumber: (id: string) => `${VOICE_COLLECTIONS.phoneNumbers}/${seg(id)}`,
  phoneNumberSecrets: (id: string) => `${VOICE_COLLECTIONS.phoneNumbers}/${seg(id)}/${COLLECTIONS.private}/${PRIVATE_DOC_IDS.secrets}`,
  agentVoiceSecret: (agentId: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.private}/voice`,
  voiceCall: (callId: string) => `${VOICE_COLLECTIONS.voiceCalls}/${seg(callId)}`,
  voiceLines: (ownerID: string) => `${VOICE_COLLECTIONS.voiceLines}/${seg(ownerID)}`,
  voiceEvent: (id: string) => `${VOICE_COLLECTIONS.voiceEvents}/${seg(id)}`,
  voiceStats: (agentId: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.stats}/voice`,
} as const;

/** A phone number in E.164: + then 8 to 15 digits, the first not 0. Without the + the country code is missing. */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

export const VOICE_MESSAGES = {
  countryCode: CHANNEL_MESSAGES.waCountryCode,
  e164: 'Enter the number in international format, e.g. +14155550123.',
  countryIso: 'Choose a country (two letters, e.g. US).',
  areaCode: 'An area code is 2 to 5 digits.',
  accountSid: 'A Twilio account SID starts with AC followed by 32 letters and digits.',
  authToken: 'Enter the auth token of this Twilio account.',
  numberNotFound: 'This phone number does not exist.',
  numberTaken: 'This number is already connected to a workspace.',
  numberNotInAccount: 'This number is not in that Twilio account. Check the number, the account SID and the auth token.',
  otherWorkspaceNumber: 'This number belongs to another workspace.',
  providerRefused: (reason: string) => `The voice provider refused this: ${reason}`,
  providerUnavailable: 'The voice provider could not be reached. Please try again in a moment.',
  // A number the provider no longer knows (deleted in its dashboard) that could not be connected again from what we hold.
  numberLost: (reason: string) => `The voice provider no longer has this number and could not connect it again (${reason}). Release it here, then buy or import it again.`,
  // What a deleted workspace or agent leaves at the voice provider, told to its owner (the deletion's answer, the logs).
  leftNumber: (number: string) => `The phone number ${number} is still connected in the Vapi account of a key this workspace no longer has: release it in that account's dashboard.`,
  leftAssistant: (agent: string) => `The assistant of the agent ${agent} is still in the Vapi account of a key this workspace no longer has: delete it in that account's dashboard.`,
  leftAfterFailure: (what: string, reason: string) => `The voice provider kept ${what} (${reason}): delete it in the provider's dashboard.`,
  numberLostNoCredentials: 'The voice provider no longer has this number, and the Twilio credentials it was imported with are not kept here. Release it here, then import it again with your Twilio account SID and auth token.',
  notConfigured: 'Voice calls are not set up on this platform yet.',
  noAssistant: 'Save the voice settings of this agent first.',
  webCallingOff: 'Web calling is off for this agent.',
  busyWebCall: 'All lines are busy right now. Please try again in a moment.',
  noNumberForTestCall: 'Connect a phone number to this agent to place a test call.',
  numbersWorkspaceOnly: 'Only the workspace can buy, assign or release phone numbers.',
  // Spoken to a caller whose call is refused, and the owner's notification of it.
  spokenBusy: 'Sorry, all our lines are busy right now. Please call again later.',
  spokenUnavailable: 'Sorry, this assistant cannot take calls right now. Please try again later.',
  refusedNotification: (reason: string) => `A call to your agent was refused: ${reason}`,
  concurrentLimitReason: (limit: number) => `the workspace already has ${limit} call${limit === 1 ? '' : 's'} in progress, its plan's maximum. Add concurrent call lines to your plan for more.`,
  monthlyMinutesReason: 'the agent reached its maximum minutes for this month (Voice → Advanced).',
  monthlyCostReason: 'the agent reached its maximum cost for this month (Voice → Advanced).',
  noCreditsReason: 'your workspace is out of credits.',
  noOrgCreditsReason: (org: string) => `the organization ${org} is out of credits.`,
} as const;

/**
 * A phone number a person types: refused at the field when it lacks the + and country code (the channels' sentence),
 * or is not a plausible E.164 number. Spaces, dashes, dots and brackets are ignored.
 */
export const e164Schema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .superRefine((value, ctx) => {
    if (!value.startsWith('+')) ctx.addIssue({ code: 'custom', message: VOICE_MESSAGES.countryCode });
    else if (!E164_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: VOICE_MESSAGES.e164 });
  });

export const PHONE_NUMBER_SOURCES = ['bought', 'imported'] as const;

/** phoneNumbers/{id}: a number of a workspace, what members read (no credentials). */
export const phoneNumberSchema = z.object({
  ID: z.string(),
  /** The workspace that holds it (users/{ownerID}). */
  ownerID: z.string(),
  /** E.164. */
  number: z.string(),
  source: z.enum(PHONE_NUMBER_SOURCES),
  /** The agent that answers its inbound calls, or null. */
  agentId: z.string().nullable().default(null),
  /** ISO country of the number, when known. */
  country: z.string().default(''),
  /** The number at the voice provider (its id). */
  providerNumberId: z.string(),
  /** The Twilio number's SID (IncomingPhoneNumbers). */
  twilioSid: z.string().default(''),
  /** The provider account it was connected in: 'platform', or 'own:{fingerprint}' (a workspace's own key). */
  providerAccount: z.string().default('platform'),
  createdAt: z.number(),
});
export type PhoneNumberRecord = z.infer<typeof phoneNumberSchema>;

export const VOICE_CALL_CHANNELS = ['phone', 'webcall'] as const;
export type VoiceCallChannel = (typeof VOICE_CALL_CHANNELS)[number];

/** A call as its conversation keeps it (conversation.call), for Chats. */
export const callSummarySchema = z.object({
  /** The voice provider's call id. */
  callId: z.string(),
  /** The caller's number (inbound), or the number called (a test call); empty for a web call. */
  callerNumber: z.string().default(''),
  /** Our number the call came in on or went out from. */
  agentNumber: z.string().default(''),
  direction: z.enum(['inbound', 'outbound', 'web']),
  startedAt: z.number().optional(),
  endedAt: z.number().optional(),
  durationSeconds: z.number().nonnegative().optional(),
  /** The provider's reason, e.g. customer-ended-call, assistant-ended-call, exceeded-max-duration. */
  endedReason: z.string().optional(),
  /** Credits the call's minutes cost (the answers' tokens are charged per answer, like any chat). */
  minuteCredits: z.number().nonnegative().optional(),
  /** When recordAudio is on. */
  recordingUrl: z.string().optional(),
});
export type CallSummary = z.infer<typeof callSummarySchema>;

/** voiceCalls/{callId}: a call's state, written by functions only. */
export const voiceCallStateSchema = z.object({
  callId: z.string(),
  region: z.enum(['na', 'eu']),
  agentId: z.string(),
  ownerID: z.string(),
  conversationId: z.string(),
  channel: z.enum(VOICE_CALL_CHANNELS),
  /** Whether the call holds one of the workspace's concurrent lines (released at its end). */
  holdsLine: z.boolean().default(false),
  status: z.enum(['started', 'ended']).default('started'),
  billed: z.boolean().default(false),
  /** Made on the workspace's own provider key: the provider bills it, so its minutes cost no credits. */
  ownKey: z.boolean().default(false),
  createdAt: z.number(),
});
export type VoiceCallState = z.infer<typeof voiceCallStateSchema>;
