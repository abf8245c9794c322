// POST /v2/channels/discord/interactions: Discord's HTTP interactions. The Ed25519 signature is checked on the raw
// body first (401 otherwise, nothing read or stored). PING → PONG; `/ask question` in a connected channel → the
// question goes to the pipeline (once per interaction id) and Discord gets a deferred reply at once; the answer
// follows as the interaction's follow-up.
import { channelsApi } from '@parley/core';
import { z } from 'zod';
import { defineEndpoint, HttpError } from '../../http/endpoint';
import { acceptInbound, type InboundDeps } from '../pipeline';
import { CHANNEL_RATE_RULES } from '../shared/webhook-rate-rules';
import { discordPublicKey } from './settings';
import { channelById } from './discord-channels';
import { verifyDiscordSignature } from './verify';

export const INVALID_SIGNATURE = 'Invalid request signature.';
const EPHEMERAL = 64;

const userSchema = z.object({ id: z.string(), username: z.string().default(''), global_name: z.string().nullish() }).loose();
const interactionSchema = z
  .object({
    id: z.string(),
    application_id: z.string(),
    type: z.number(),
    token: z.string(),
    channel_id: z.string().optional(),
    member: z.object({ user: userSchema, nick: z.string().nullish() }).loose().optional(),
    user: userSchema.optional(),
    data: z.object({ name: z.string(), options: z.array(z.object({ name: z.string(), value: z.unknown() }).loose()).optional() }).loose().optional(),
  })
  .loose();

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const discordInteractionsEndpoint = (deps: InboundDeps) => defineEndpoint(channelsApi.discordInteractions, async ({ headers, rawBody, body, ip, limits }) => {
  await limits.enforceNotExhausted(CHANNEL_RATE_RULES.badSignatureIp, ip);
  const signed = verifyDiscordSignature(discordPublicKey(), header(headers[channelsApi.DISCORD_SIGNATURE_HEADER]), header(headers[channelsApi.DISCORD_TIMESTAMP_HEADER]), rawBody);
  if (!signed) {
    await limits.recordFailure(CHANNEL_RATE_RULES.badSignatureIp, ip);
    throw new HttpError(401, INVALID_SIGNATURE);
  }
  const parsed = interactionSchema.safeParse(body);
  if (!parsed.success) throw new HttpError(400, 'Not an interaction.');
  const interaction = parsed.data;
  if (interaction.type === 1) return { body: { type: 1 } };
  if (interaction.type !== 2 || interaction.data?.name !== channelsApi.DISCORD_ASK_COMMAND) {
    return { body: { type: 4, data: { content: channelsApi.CHANNEL_TEXTS.discordAskEmpty, flags: EPHEMERAL } } };
  }
  const question = interaction.data.options?.find((o) => typeof o.value === 'string')?.value as string | undefined;
  if (!question?.trim()) return { body: { type: 4, data: { content: channelsApi.CHANNEL_TEXTS.discordAskEmpty, flags: EPHEMERAL } } };
  const connected = interaction.channel_id ? await channelById(interaction.channel_id) : null;
  if (!connected) return { body: { type: 4, data: { content: channelsApi.CHANNEL_TEXTS.discordNotConnected, flags: EPHEMERAL } } };
  await limits.enforce({ rule: CHANNEL_RATE_RULES.webhookAgent, key: `discord/${connected.record.agentID}` });
  const user = interaction.member?.user ?? interaction.user;
  await acceptInbound(deps.answerQueue, {
    channel: 'discord',
    region: connected.region,
    agentId: connected.record.agentID,
    endpointId: connected.record.ID,
    providerMessageId: interaction.id,
    userId: user?.id ?? 'unknown',
    userName: interaction.member?.nick || user?.global_name || user?.username || 'Discord user',
    text: question.trim(),
    context: { applicationId: interaction.application_id, interactionToken: interaction.token },
  });
  // DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: Discord shows "thinking…" until the follow-up.
  return { body: { type: 5 } };
});
