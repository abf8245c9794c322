// Every contract in @parley/core is served, and everything served has a contract: the HTTP registry
// (endpoints.ts) against the endpoint contracts, the deployed callables (index.ts) against the callable ones.
import { allContracts, type AnyCallableContract, type AnyEndpointContract } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import { describe, expect, it } from 'vitest';
import { testEndpoints } from '../test/composition';

const endpoints = testEndpoints();
import * as deployed from './index';

type Deployed = ((...args: never[]) => unknown) & {
  __endpoint?: { callableTrigger?: unknown; httpsTrigger?: unknown; scheduleTrigger?: unknown };
  run?: (request: CallableRequest<unknown>) => Promise<unknown>;
};

const endpointContracts = allContracts().filter((c): c is AnyEndpointContract => c.kind === 'endpoint');
const callableContracts = allContracts().filter((c): c is AnyCallableContract => c.kind === 'callable');
const deployedCallables = Object.entries(deployed as unknown as Record<string, Deployed>).filter(([, fn]) => typeof fn === 'function' && fn.__endpoint?.callableTrigger);

describe('HTTP endpoints', () => {
  it('serve every endpoint contract exactly once', () => {
    for (const contract of endpointContracts) {
      expect(endpoints.filter((e) => e.contract === contract).length, `${contract.method} ${contract.path} (${contract.name})`).toBe(1);
    }
  });

  it('all have a contract from core', () => {
    for (const endpoint of endpoints) expect(endpointContracts, endpoint.contract.name).toContain(endpoint.contract);
  });
});

describe('callables', () => {
  it('deploy one function per callable contract, under its name, and nothing else', () => {
    expect(deployedCallables.map(([name]) => name).sort()).toEqual(callableContracts.map((c) => c.name).sort());
  });

  it.each(callableContracts.map((c) => [c.name, c] as const))('%s runs behind its contract (refuses a signed-out caller with its message)', async (name, contract) => {
    const fn = (deployed as unknown as Record<string, Deployed>)[name]!;
    await expect(fn.run!({ data: {}, auth: undefined, rawRequest: {} } as unknown as CallableRequest<unknown>)).rejects.toMatchObject({
      code: 'unauthenticated',
      message: contract.signInMessage,
    });
  });

  it('leave the scheduled knowledge refresh, the DNS reminders, the legacy-password and legacy-agency-secret migrations, the channel answer queue, the event delivery queue, the ended-conversations sweep, the deleted agents’ voice sweep, the crawl run queue and its schedule, and the api function as the only other exports (no Firestore triggers)', () => {
    const others = Object.entries(deployed as unknown as Record<string, Deployed>)
      .filter(([, fn]) => typeof fn === 'function' && fn.__endpoint && !fn.__endpoint.callableTrigger)
      .map(([name]) => name);
    expect(others.sort()).toEqual(['agencyDnsReminders', 'api', 'channelAnswer', 'conversationsEnded', 'crawlJobsDue', 'crawlRun', 'deletedAgentsVoice', 'eventDelivery', 'migrateLegacyAgencySecrets', 'migrateLegacyClientPasswords', 'refreshKnowledgeSources']);
  });
});
