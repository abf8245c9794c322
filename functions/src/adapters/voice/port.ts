// What the voice features need of a voice provider: the agent's assistant, phone numbers (bought on Twilio or the
// workspace's own, connected to the provider) and calls. Production: Vapi with numbers on Twilio (vapi.ts); tests
// and `npm start` point the same adapter at the local stand-ins (local/fakes/vapi, local/fakes/twilio).

/** The agent's assistant as the provider should hold it: Parley is its model (a custom LLM), the provider its voice. */
export interface AssistantSpec {
  name: string;
  /** Spoken first when a call connects (the agent's launch message); empty: the caller speaks first. */
  firstMessage: string;
  /** The agent's custom-LLM base URL (the provider appends /chat/completions) and the secret it sends as bearer. */
  llmUrl: string;
  llmSecret: string;
  voice: { provider: string; voiceId: string };
  transcriber: { provider: string; model: string; language: string; endpointingMs: number };
  /** 'off', 'office', or a sound's URL. */
  backgroundSound: string;
  recordAudio: boolean;
  maxDurationSeconds: number;
  /** Where the provider sends the call's events, and the secret header it sends with them. */
  webhookUrl: string;
  webhookSecret: string;
  metadata: Record<string, string>;
}

export interface AvailableNumber {
  number: string;
  friendlyName: string;
  locality: string;
  region: string;
  country: string;
}

/** The Twilio account a number lives in: the platform's (bought numbers) or the workspace's own (imported). */
export interface TwilioAccount {
  accountSid: string;
  authToken: string;
}

export interface ProviderCall {
  id: string;
  /** queued, ringing, in-progress, forwarding, ended. */
  status: string;
  endedReason?: string;
  startedAt?: number;
  endedAt?: number;
  /** USD, as the provider reports it. */
  cost?: number;
  recordingUrl?: string;
  customerNumber?: string;
  metadata: Record<string, unknown>;
}

export interface VoiceProvider {
  /** Resolves when the provider accepts this provider's key; a refused key is a refused VoiceProviderError. */
  checkKey(): Promise<void>;
  /** Updates the assistant `existingId`, or creates one when there is none or the provider no longer knows it. */
  upsertAssistant(existingId: string | null, spec: AssistantSpec): Promise<{ id: string }>;
  /** Whether the provider still holds the assistant (a stand-in restarted, or it was deleted in the provider's dashboard). */
  hasAssistant(id: string): Promise<boolean>;
  /** Deletes the assistant (one the provider no longer knows is deleted already). */
  deleteAssistant(id: string): Promise<void>;

  searchNumbers(query: { country: string; areaCode?: string }): Promise<AvailableNumber[]>;
  /** Buys a number on the platform's Twilio account. */
  buyNumber(number: string): Promise<{ twilioSid: string }>;
  /** The number's SID in the given account, or null when the account does not hold it (or its credentials are wrong). */
  findOwnNumber(account: TwilioAccount, number: string): Promise<{ twilioSid: string } | null>;
  /** Connects a Twilio number to the provider: its inbound calls ask our webhook which assistant answers. */
  importNumber(input: { number: string; account: TwilioAccount | null; name: string; webhookUrl: string; webhookSecret: string }): Promise<{ providerNumberId: string }>;
  /**
   * Names the agent that answers the number in the provider's dashboard (routing itself is our assistant-request
   * answer); a number the provider no longer knows fails with NumberMissingError.
   */
  assignNumber(providerNumberId: string, label: string): Promise<void>;
  /**
   * Disconnects the number from the provider and, for a bought one, releases it on the platform's Twilio account (a
   * side that no longer holds it has released it already).
   */
  releaseNumber(input: { providerNumberId: string; twilioSid: string; bought: boolean }): Promise<void>;

  /**
   * A call with an assistant the provider no longer knows fails with AssistantMissingError, one from a number it no
   * longer knows with NumberMissingError.
   */
  createWebCall(input: { assistantId: string; metadata: Record<string, string> }): Promise<{ callId: string; webCallUrl: string }>;
  createOutboundCall(input: { assistantId: string; providerNumberId: string; customerNumber: string; metadata: Record<string, string> }): Promise<{ callId: string }>;
  getCall(callId: string): Promise<ProviderCall>;

  /**
   * The assistant whole, as an inbound call's answer may give it instead of an id (the provider keeps nothing): it
   * answers in whichever of the provider's accounts the number is, one whose key the workspace no longer has included.
   */
  transientAssistant(spec: AssistantSpec): Record<string, unknown>;
}

/** The provider refused (4xx: its reason is the user's to read) or could not be reached (retryable). */
export class VoiceProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'VoiceProviderError';
  }

  get refused(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** The provider does not know the assistant a request named: it is made again (and its new id stored) by the caller. */
export class AssistantMissingError extends VoiceProviderError {
  constructor(message: string) {
    super(message, 404);
    this.name = 'AssistantMissingError';
  }
}

/** The provider does not know the number a request named: it is connected again (and its new id stored) by the caller. */
export class NumberMissingError extends VoiceProviderError {
  constructor(message: string) {
    super(message, 404);
    this.name = 'NumberMissingError';
  }
}
