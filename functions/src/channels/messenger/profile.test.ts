// The profile name of a Messenger or Instagram user: which fields make the name, and a lookup that Meta answers
// too slowly or not at all gives null (the caller shows the id) instead of failing or waiting for Graph's timeout.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupProfileName, nameOfProfile } from './profile';

let server: Server;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    // A user whose read hangs; the others answer at once.
    if (req.url?.includes('/999')) return;
    res.writeHead(req.url?.includes('/404') ? 400 : 200, { 'content-type': 'application/json' });
    res.end(req.url?.includes('/404') ? JSON.stringify({ error: { message: 'nope', code: 100 } }) : JSON.stringify({ id: '1', first_name: 'Ada', last_name: 'Lovelace' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  process.env.META_GRAPH_BASE = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('nameOfProfile', () => {
  it('joins Messenger’s first and last name, and takes Instagram’s name, else @username', () => {
    expect(nameOfProfile('messenger', { first_name: 'Ada', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(nameOfProfile('messenger', { first_name: 'Ada' })).toBe('Ada');
    expect(nameOfProfile('instagram', { name: 'Ivy Stone', username: 'ivy' })).toBe('Ivy Stone');
    expect(nameOfProfile('instagram', { name: null, username: 'ivy.shop' })).toBe('@ivy.shop');
    expect(nameOfProfile('instagram', {})).toBe('');
  });
});

describe('lookupProfileName', () => {
  it('reads the profile with the page token and the channel’s fields', async () => {
    expect(await lookupProfileName('messenger', 'EAAPAGEtest', '123')).toBe('Ada Lovelace');
    expect(seen.at(-1)).toMatch(/\/123\?fields=first_name%2Clast_name$/);
  });

  it('gives null when Meta refuses the read or does not answer in time', async () => {
    expect(await lookupProfileName('messenger', 'EAAPAGEtest', '404')).toBeNull();
    expect(await lookupProfileName('instagram', 'EAAPAGEtest', '999', 50)).toBeNull();
  });
});
