import { describe, expect, it } from 'vitest';
import { clientAgentDenial, type ClientAgentAccessInput } from './client-agent-access';

const base: ClientAgentAccessInput = {
  agentId: 'agentA',
  agentOwnerID: 'agencyA',
  client: { orgId: 'orgA', widgetIDs: ['agentA'], canAccess: ['/home', '/convos'] },
  org: { ownerID: 'agencyA', settings: { disableClientAccess: false } },
  page: '/convos',
};

describe('clientAgentDenial (same checks as firestore.rules clientCanSee)', () => {
  it.each<[string, Partial<ClientAgentAccessInput>, ReturnType<typeof clientAgentDenial>]>([
    ['a client of the agency owning the agent, with /convos', {}, null],
    ['an agent in a team workspace the org owner created', { agentOwnerID: 'teamWs', agentWorkspaceOwnerId: 'agencyA' }, null],
    ['org without settings', { org: { ownerID: 'agencyA' } }, null],
    ['no client record', { client: null }, 'no-client'],
    ['no org record', { org: undefined }, 'no-client'],
    ['agent not in widgetIDs', { agentId: 'agentB' }, 'agent-not-given'],
    ['page not in canAccess', { page: '/leads' }, 'page-not-allowed'],
    ['canAccess missing', { client: { widgetIDs: ['agentA'] } }, 'page-not-allowed'],
    ['org switched client access off', { org: { ownerID: 'agencyA', settings: { disableClientAccess: true } } }, 'access-disabled'],
    ["agency B listing agency A's agent", { org: { ownerID: 'agencyB' } }, 'other-tenant'],
    ["team workspace created by someone else", { agentOwnerID: 'teamWs', agentWorkspaceOwnerId: 'agencyB' }, 'other-tenant'],
    ['org without an owner', { org: { settings: {} } }, 'other-tenant'],
  ])('%s', (_name, patch, expected) => {
    expect(clientAgentDenial({ ...base, ...patch })).toBe(expected);
  });
});
