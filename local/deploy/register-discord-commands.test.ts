// Registering /ask with Discord (its stand-in here): a member can type /ask only once it is registered; a
// second run changes nothing; a wrong token is refused with Discord's message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_APPLICATION_ID, FAKE_BOT_TOKEN, start } from '../fakes/discord/index';
import { discordAppFromEnv, registerDiscordCommands } from './register-discord-commands';

let discord: Awaited<ReturnType<typeof start>>;
const app = () => ({ apiBase: `${discord.url}/api/v10`, applicationId: FAKE_APPLICATION_ID, botToken: FAKE_BOT_TOKEN });
// Nobody listens here: only whether Discord lets the member type the command matters.
const typeAsk = () => fetch(`${discord.url}/__sim/inbound`, {
  method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ endpointId: '1100000000000000001', userId: 'ada', userName: 'Ada', text: 'Hello?' }),
});

beforeAll(async () => {
  discord = await start({ port: 0, interactionsUrl: 'http://127.0.0.1:9/unreachable' });
});
afterAll(() => discord.stop());

describe('npm run discord:commands', () => {
  it('a wrong bot token is refused with Discord’s message and registers nothing', async () => {
    await expect(registerDiscordCommands({ ...app(), botToken: 'not-the-token' })).rejects.toThrow('Discord refused the commands: 401: Unauthorized');
    expect((await typeAsk()).status).toBe(409);
  });

  it('registers /ask with its question option; running it again keeps the same command', async () => {
    expect(await registerDiscordCommands(app())).toEqual(['ask']);
    const list = async () => (await (await fetch(`${discord.url}/api/v10/applications/${FAKE_APPLICATION_ID}/commands`, { headers: { authorization: `Bot ${FAKE_BOT_TOKEN}` } })).json()) as Array<{ id: string; name: string; options: Array<{ name: string; required?: boolean }> }>;
    const first = await list();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ name: 'ask', options: [{ name: 'question', required: true }] });
    await registerDiscordCommands(app());
    expect((await list()).map((c) => c.id)).toEqual([first[0]!.id]);
    // Now a member can type it (the interaction is sent; nobody answers at this address).
    const typed = await typeAsk();
    expect(typed.status).toBe(200);
    expect(await typed.json()).toMatchObject({ delivered: false, status: 0 });
  });

  it('says what is missing from the environment', () => {
    expect(discordAppFromEnv({ DISCORD_APPLICATION_ID: '1' })).toEqual({ missing: ['DISCORD_BOT_TOKEN'] });
    expect(discordAppFromEnv({ DISCORD_APPLICATION_ID: '1', DISCORD_BOT_TOKEN: 't' })).toMatchObject({ apiBase: 'https://discord.com/api/v10' });
  });
});
