// The production voice provider: Vapi through its server SDK (@vapi-ai/server-sdk) for assistants, numbers and calls,
// and Twilio through its SDK (twilio) for buying, finding and releasing numbers. Both take a base URL, so `npm start`
// and the tests run this same adapter against the local stand-ins (local/fakes/vapi, local/fakes/twilio).
import type { Vapi, VapiClient } from '@vapi-ai/server-sdk';
import type TwilioSdk from 'twilio';
import { AssistantMissingError, NumberMissingError, VoiceProviderError, type AssistantSpec, type ProviderCall, type TwilioAccount, type VoiceProvider } from './port';

export interface VapiSettings {
  vapiBase: string;
  vapiKey: string;
  twilioBase: string;
  /** The platform's Twilio account: numbers bought for workspaces live there. */
  twilio: TwilioAccount;
}

const TWILIO_API = 'https://api.twilio.com';

interface Sdks {
  vapi: typeof import('@vapi-ai/server-sdk');
  twilio: typeof TwilioSdk;
}

let loading: Promise<Sdks> | null = null;

/**
 * The SDKs load at their first use: importing Vapi's costs over a second and a half of CPU, which every function
 * instance would otherwise pay at its start, voice or not.
 */
function sdks(): Promise<Sdks> {
  loading ??= Promise.all([import('@vapi-ai/server-sdk'), import('twilio')]).then(([vapi, twilio]) => ({ vapi, twilio: (twilio as unknown as { default: typeof TwilioSdk }).default }));
  return loading;
}

/** Twilio's own client with every request sent to `base` instead of api.twilio.com (the stand-in locally). */
function twilioClient(twilio: Sdks['twilio'], account: TwilioAccount, base: string) {
  if (base.replace(/\/$/, '') === TWILIO_API) return twilio(account.accountSid, account.authToken, { autoRetry: true });
  const rebased = new twilio.RequestClient();
  const send = rebased.request.bind(rebased);
  rebased.request = ((opts: Parameters<typeof send>[0]) => send({ ...opts, uri: opts.uri.replace(TWILIO_API, base.replace(/\/$/, '')) })) as typeof rebased.request;
  return twilio(account.accountSid, account.authToken, { httpClient: rebased });
}

/** Vapi's error sentence: its `message`, a string or (validation) a list of them. */
function messageOf(body: unknown): string | null {
  const message = (body as { message?: unknown } | undefined)?.message;
  return Array.isArray(message) ? message.join('; ') : typeof message === 'string' ? message : null;
}

/** A provider's error as ours: 4xx with its own sentence, else "could not be reached" (retryable). */
function providerError(error: unknown, VapiError: Sdks['vapi']['VapiError']): VoiceProviderError {
  if (error instanceof VoiceProviderError) return error;
  if (error instanceof VapiError) {
    return new VoiceProviderError(messageOf(error.body) ?? error.message, error.statusCode ?? 502);
  }
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number') return new VoiceProviderError((error as Error).message, status);
  return new VoiceProviderError(error instanceof Error ? error.message : 'unknown error', 502);
}

async function guarded<T>(work: (loaded: Sdks) => Promise<T>): Promise<T> {
  const loaded = await sdks();
  try {
    return await work(loaded);
  } catch (error) {
    throw providerError(error, loaded.vapi.VapiError);
  }
}

/** Runs `work`; a 404 (the provider does not know the resource) answers `gone` instead. */
async function unlessGone<T>(work: () => Promise<T>, gone: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof VoiceProviderError && error.status === 404) return gone();
    throw error;
  }
}

/** Vapi answers a call with an unknown assistant 400 "Couldn't Get Assistant. `assistantId` is invalid.". */
const MISSING_ASSISTANT = /couldn.t get assistant/i;

/** Vapi answers a call from an unknown number 400 "Couldn't Get Phone Number. `phoneNumberId` is invalid.". */
const MISSING_NUMBER = /couldn.t get phone number/i;

/** A call's creation; its refusal for an assistant or a number Vapi does not know is AssistantMissingError or NumberMissingError. */
async function creatingCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof VoiceProviderError && error.refused && MISSING_ASSISTANT.test(error.message)) throw new AssistantMissingError(error.message);
    if (error instanceof VoiceProviderError && error.refused && MISSING_NUMBER.test(error.message)) throw new NumberMissingError(error.message);
    throw error;
  }
}

/** The assistant's fields at Vapi: the custom LLM (our endpoint), the chosen voice and transcriber, our webhook. */
export function assistantBody(spec: AssistantSpec): Vapi.CreateAssistantDto {
  return {
    name: spec.name.slice(0, 40),
    ...(spec.firstMessage ? { firstMessage: spec.firstMessage } : {}),
    model: { provider: 'custom-llm', url: spec.llmUrl, model: 'parley', headers: { authorization: `Bearer ${spec.llmSecret}` } },
    voice: { provider: spec.voice.provider, voiceId: spec.voice.voiceId },
    transcriber: { provider: spec.transcriber.provider, model: spec.transcriber.model, language: spec.transcriber.language, endpointing: spec.transcriber.endpointingMs },
    backgroundSound: spec.backgroundSound,
    artifactPlan: { recordingEnabled: spec.recordAudio },
    maxDurationSeconds: spec.maxDurationSeconds,
    serverMessages: ['status-update', 'transcript', 'tool-calls', 'end-of-call-report'],
    server: { url: spec.webhookUrl, headers: { 'x-vapi-secret': spec.webhookSecret } },
    metadata: spec.metadata,
  } as unknown as Vapi.CreateAssistantDto;
}

const millis = (iso: unknown): number | undefined => (typeof iso === 'string' && !Number.isNaN(Date.parse(iso)) ? Date.parse(iso) : undefined);

export function callOf(call: Vapi.Call): ProviderCall {
  const raw = call as unknown as Record<string, unknown> & { artifact?: { recordingUrl?: string; recording?: { mono?: { combinedUrl?: string } } }; customer?: { number?: string } };
  return {
    id: call.id,
    status: String(call.status ?? 'queued'),
    ...(call.endedReason ? { endedReason: String(call.endedReason) } : {}),
    ...(millis(raw.startedAt) !== undefined ? { startedAt: millis(raw.startedAt) } : {}),
    ...(millis(raw.endedAt) !== undefined ? { endedAt: millis(raw.endedAt) } : {}),
    ...(typeof call.cost === 'number' ? { cost: call.cost } : {}),
    ...(raw.artifact?.recordingUrl ? { recordingUrl: raw.artifact.recordingUrl } : {}),
    ...(raw.customer?.number ? { customerNumber: raw.customer.number } : {}),
    metadata: (raw.metadata as Record<string, unknown> | undefined) ?? {},
  };
}

export function vapiProvider(settings: VapiSettings): VoiceProvider {
  let client: VapiClient | null = null;
  const vapiOf = (loaded: Sdks) => (client ??= new loaded.vapi.VapiClient({ token: settings.vapiKey, baseUrl: settings.vapiBase, maxRetries: 1, timeoutInSeconds: 20 }));
  const platformTwilio = (loaded: Sdks) => twilioClient(loaded.twilio, settings.twilio, settings.twilioBase);
  return {
    // The cheapest authenticated read: one assistant of the key's account (none is fine).
    checkKey: () => guarded(async (loaded) => void (await vapiOf(loaded).assistants.list({ limit: 1 }))),
    upsertAssistant: async (existingId, spec) => {
      const body = assistantBody(spec);
      const create = () => guarded(async (loaded) => ({ id: (await vapiOf(loaded).assistants.create(body)).id }));
      if (!existingId) return create();
      // An id Vapi no longer knows (deleted in its dashboard; locally, the stand-in restarted): a new assistant.
      return unlessGone(() => guarded(async (loaded) => ({ id: (await vapiOf(loaded).assistants.update({ id: existingId, ...body } as Vapi.UpdateAssistantDto)).id })), create);
    },
    hasAssistant: (id) =>
      unlessGone(
        () => guarded(async (loaded) => Boolean(await vapiOf(loaded).assistants.get({ id }))),
        () => false,
      ),
    deleteAssistant: (id) =>
      unlessGone(
        () => guarded(async (loaded) => void (await vapiOf(loaded).assistants.delete({ id }))),
        () => undefined,
      ),
    searchNumbers: ({ country, areaCode }) =>
      guarded(async (loaded) => {
        const list = await platformTwilio(loaded).availablePhoneNumbers(country).local.list({ ...(areaCode ? { areaCode: Number(areaCode) } : {}), limit: 20 });
        return list.map((n) => ({ number: n.phoneNumber, friendlyName: n.friendlyName, locality: n.locality ?? '', region: n.region ?? '', country: n.isoCountry ?? country }));
      }),
    buyNumber: (number) => guarded(async (loaded) => ({ twilioSid: (await platformTwilio(loaded).incomingPhoneNumbers.create({ phoneNumber: number })).sid })),
    findOwnNumber: async (account, number) => {
      const loaded = await sdks();
      try {
        const found = await twilioClient(loaded.twilio, account, settings.twilioBase).incomingPhoneNumbers.list({ phoneNumber: number, limit: 1 });
        return found[0] ? { twilioSid: found[0].sid } : null;
      } catch (error) {
        const refused = providerError(error, loaded.vapi.VapiError);
        // Wrong credentials are "not in that account" for the user; an outage is ours to report.
        if (refused.refused) return null;
        throw refused;
      }
    },
    importNumber: ({ number, account, name, webhookUrl, webhookSecret }) =>
      guarded(async (loaded) => {
        const owner = account ?? settings.twilio;
        const created = await vapiOf(loaded).phoneNumbers.create({
          provider: 'twilio',
          number,
          twilioAccountSid: owner.accountSid,
          twilioAuthToken: owner.authToken,
          name: name.slice(0, 40),
          server: { url: webhookUrl, headers: { 'x-vapi-secret': webhookSecret } },
        } as Vapi.CreatePhoneNumbersRequest);
        return { providerNumberId: (created as { id: string }).id };
      }),
    assignNumber: (providerNumberId, label) =>
      unlessGone(
        () => guarded(async (loaded) => void (await vapiOf(loaded).phoneNumbers.update({ id: providerNumberId, body: { provider: 'twilio', name: label.slice(0, 40) } } as Vapi.UpdatePhoneNumbersRequest))),
        () => {
          throw new NumberMissingError(`Couldn't Find Phone Number ${providerNumberId}`);
        },
      ),
    // A number either side no longer holds is released there already (locally: a stand-in restarted).
    releaseNumber: async ({ providerNumberId, twilioSid, bought }) => {
      const nothing = () => undefined;
      await unlessGone(() => guarded(async (loaded) => void (await vapiOf(loaded).phoneNumbers.delete({ id: providerNumberId }))), nothing);
      if (bought && twilioSid) await unlessGone(() => guarded(async (loaded) => void (await platformTwilio(loaded).incomingPhoneNumbers(twilioSid).remove())), nothing);
    },
    // The server SDK has no method for POST /call/web (Vapi's web SDK calls it): the same authenticated request by hand.
    createWebCall: ({ assistantId, metadata }) =>
      creatingCall(() => guarded(async () => {
        const res = await fetch(`${settings.vapiBase.replace(/\/$/, '')}/call/web`, {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.vapiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ assistantId, metadata }),
          signal: AbortSignal.timeout(20_000),
        });
        const body = (await res.json().catch(() => ({}))) as { id?: string; webCallUrl?: string; message?: unknown };
        if (!res.ok || !body.id) throw new VoiceProviderError(messageOf(body) ?? `HTTP ${res.status}`, res.ok ? 502 : res.status);
        return { callId: body.id, webCallUrl: body.webCallUrl ?? '' };
      })),
    createOutboundCall: ({ assistantId, providerNumberId, customerNumber, metadata }) =>
      creatingCall(() =>
        guarded(async (loaded) => {
          const call = await vapiOf(loaded).calls.create({ assistantId, phoneNumberId: providerNumberId, customer: { number: customerNumber }, metadata } as Vapi.CreateCallDto);
          return { callId: (call as Vapi.Call).id };
        }),
      ),
    getCall: (callId) => guarded(async (loaded) => callOf(await vapiOf(loaded).calls.get({ id: callId }))),
    transientAssistant: (spec) => assistantBody(spec) as unknown as Record<string, unknown>,
  };
}
