// The public agent's "Powered by": an agency owner's widget names the agency (its name and website, nothing else
// of the agency), any other owner's widget names no one (the widget then shows the platform).
import { paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../test/runtime';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON replies are inspected loosely */
let stack: TestStack;
let db: Firestore;

const AGENCY_OWNER = 'powered-agency-owner';
const PLAIN_OWNER = 'powered-plain-owner';
const AGENCY_AGENT = 'AgentPoweredAg001';
const PLAIN_AGENT = 'AgentPoweredPl001';
const AGENCY_ID = 'agencyPowered0001';
const SECRET = 'S'.repeat(25);

const publicAgent = async (agentId: string) => {
  const res = await fetch(`${stack.api.url}/public/agents/${agentId}?region=na`);
  expect(res.status).toBe(200);
  return (await res.json()) as any;
};

beforeAll(async () => {
  stack = await startTestStack();
  db = (await import('../adapters/firestore')).databaseFor('na');
  await db.doc(paths.agency(AGENCY_ID)).set({
    ID: AGENCY_ID, userId: AGENCY_OWNER, name: 'Acme Studio', secret: SECRET, supportEmail: 'help@acme.example',
    mainWebsite: 'https://acme.example/', tosPage: 'https://acme.example/terms', VGsubDomain: 'acme.localhost',
    customDomain: 'chat.acme.example', resendEmailDomain: 'mail.acme.example', resendEmailDomainId: 'rd_123',
    address: '1 Acme Road', brandingText: 'Made by Acme', lastModified: 1,
  });
  await db.doc(paths.agent(AGENCY_AGENT)).set({ ID: AGENCY_AGENT, title: 'Acme helper', ownerID: AGENCY_OWNER, branding: true });
  await db.doc(paths.agent(PLAIN_AGENT)).set({ ID: PLAIN_AGENT, title: 'Plain helper', ownerID: PLAIN_OWNER });
}, 30_000);
afterAll(async () => {
  await stack?.stop();
});

describe('GET /public/agents/{id} poweredBy', () => {
  it("names an agency owner's agency with its name and website, and nothing else of the agency", async () => {
    const body = await publicAgent(AGENCY_AGENT);
    expect(body.data.poweredBy).toEqual({ name: 'Acme Studio', url: 'https://acme.example/' });
    const text = JSON.stringify(body);
    for (const leaked of [SECRET, 'help@acme.example', AGENCY_ID, AGENCY_OWNER, 'acme.localhost', 'chat.acme.example', 'mail.acme.example', 'rd_123', '1 Acme Road', 'Made by Acme', 'terms']) {
      expect(text).not.toContain(leaked);
    }
  });

  it('leaves out a website that is not http(s), keeping the name', async () => {
    await db.doc(paths.agency(AGENCY_ID)).update({ mainWebsite: 'javascript:alert(1)' });
    try {
      expect((await publicAgent(AGENCY_AGENT)).data.poweredBy).toEqual({ name: 'Acme Studio' });
    } finally {
      await db.doc(paths.agency(AGENCY_ID)).update({ mainWebsite: 'https://acme.example/' });
    }
  });

  it("names the agency of a team workspace's creator", async () => {
    await db.doc(paths.user('team-ws-of-acme')).set({ workspaceName: 'Acme support team', ownerId: AGENCY_OWNER });
    await db.doc(paths.agent('AgentPoweredTeam01')).set({ ID: 'AgentPoweredTeam01', title: 'Team helper', ownerID: 'team-ws-of-acme' });
    expect((await publicAgent('AgentPoweredTeam01')).data.poweredBy).toEqual({ name: 'Acme Studio', url: 'https://acme.example/' });
  });

  it('names no one for an owner without an agency, or whose agency has no name yet', async () => {
    expect((await publicAgent(PLAIN_AGENT)).data).not.toHaveProperty('poweredBy');
    await db.doc(paths.agency('agencyPoweredNoName')).set({ ID: 'agencyPoweredNoName', userId: PLAIN_OWNER, name: '' });
    expect((await publicAgent(PLAIN_AGENT)).data).not.toHaveProperty('poweredBy');
  });
});
