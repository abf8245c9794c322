// The Twilio stand-in as the real `twilio` client sees it: numbers for sale by country and area code, buying one
// on an account, listing and releasing it, and Twilio's 401 for wrong credentials.
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_ACCOUNT, PLATFORM_ACCOUNT, start } from './index';

let fake: Awaited<ReturnType<typeof start>>;
const clientFor = (sid: string, token: string) => {
  const http = new twilio.RequestClient();
  const send = http.request.bind(http);
  http.request = ((opts: Parameters<typeof send>[0]) => send({ ...opts, uri: opts.uri.replace('https://api.twilio.com', fake.url) })) as typeof http.request;
  return twilio(sid, token, { httpClient: http });
};

beforeAll(async () => {
  fake = await start({ port: 0 });
});
afterAll(async () => {
  await fake?.stop();
});

describe('twilio stand-in', () => {
  it('offers numbers in an area code, sells one once, lists and releases it', async () => {
    const platform = clientFor(PLATFORM_ACCOUNT.accountSid, PLATFORM_ACCOUNT.authToken);
    const offered = await platform.availablePhoneNumbers('US').local.list({ areaCode: 212, limit: 20 });
    expect(offered.map((n) => n.phoneNumber)).toContain('+12125550100');
    expect(offered[0]).toMatchObject({ locality: 'San Francisco', isoCountry: 'US' });
    const bought = await platform.incomingPhoneNumbers.create({ phoneNumber: '+12125550100' });
    expect(bought.sid).toMatch(/^PN[0-9a-f]{32}$/);
    await expect(platform.incomingPhoneNumbers.create({ phoneNumber: '+12125550100' })).rejects.toMatchObject({ status: 400, code: 21422 });
    expect((await platform.availablePhoneNumbers('US').local.list({ areaCode: 212 })).map((n) => n.phoneNumber)).not.toContain('+12125550100');
    expect((await platform.incomingPhoneNumbers.list({ phoneNumber: '+12125550100' })).map((n) => n.sid)).toEqual([bought.sid]);
    await platform.incomingPhoneNumbers(bought.sid).remove();
    expect(await platform.incomingPhoneNumbers.list({ phoneNumber: '+12125550100' })).toEqual([]);
  });

  it('a workspace’s own account holds its numbers; wrong credentials are 401', async () => {
    const own = clientFor(OWN_ACCOUNT.accountSid, OWN_ACCOUNT.authToken);
    expect((await own.incomingPhoneNumbers.list({ phoneNumber: OWN_ACCOUNT.numbers[0] })).length).toBe(1);
    await expect(clientFor(OWN_ACCOUNT.accountSid, 'wrong').incomingPhoneNumbers.list({})).rejects.toMatchObject({ status: 401, code: 20003 });
    const recorded = (await (await fetch(`${fake.url}/__recorded`)).json()) as Array<{ accountSid: string }>;
    expect(recorded.some((r) => r.accountSid === OWN_ACCOUNT.accountSid)).toBe(true);
  });
});
