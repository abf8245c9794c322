import { describe, expect, it } from 'vitest';
import { FREE_KB_DOCS_CHAR_COUNT } from '../constants/usage';
import { PLAN_LIMIT_MESSAGES } from '../validation/messages';
import { agentLimit, clientSeatLimit, concurrentCallLimit, kbCharLimit, phoneNumberSlotLimit, planLimit, planLimitDenial, workspaceSeatLimitOfPlan } from './plan-limits';
import { limitsWithAddons } from './pricing';

describe('plan limits', () => {
  it('takes the custom plan first, then the subscription, then the free default', () => {
    const both = { internal: { customPlan: { limits: { maxKbDocsCharCount: 9 } } }, v2StripeConfig: { limits: { maxKbDocsCharCount: 5 } } };
    expect(kbCharLimit(both)).toBe(9);
    expect(kbCharLimit({ v2StripeConfig: { limits: { maxKbDocsCharCount: 5 } } })).toBe(5);
    expect(kbCharLimit({})).toBe(FREE_KB_DOCS_CHAR_COUNT);
    expect(kbCharLimit(null)).toBe(FREE_KB_DOCS_CHAR_COUNT);
  });

  it("reads 'infinity' as no limit and ignores values that are not limits", () => {
    expect(planLimit({ v2StripeConfig: { limits: { maxAgents: 'infinity' } } }, 'maxAgents')).toBe(Infinity);
    expect(kbCharLimit({ v2StripeConfig: { limits: { maxKbDocsCharCount: -1 } } })).toBe(FREE_KB_DOCS_CHAR_COUNT);
    expect(kbCharLimit({ internal: { customPlan: { limits: 'x' } } })).toBe(FREE_KB_DOCS_CHAR_COUNT);
  });
});

describe('counted limits (free account defaults: 2 agents, 10 concurrent calls, 2 clients, 2 seats, 0 phone numbers)', () => {
  it('falls back to the free account defaults', () => {
    expect([agentLimit({}), concurrentCallLimit({}), clientSeatLimit({}), workspaceSeatLimitOfPlan({}), phoneNumberSlotLimit({})]).toEqual([2, 10, 2, 2, 0]);
  });

  it('refuses the one past the limit with the plan message, and allows up to it', () => {
    expect(planLimitDenial('agents', {}, 1)).toBeNull();
    expect(planLimitDenial('agents', {}, 2)).toBe('Your plan allows 2 agents. Upgrade your plan or delete an agent to create another.');
    expect(planLimitDenial('clientSeats', { v2StripeConfig: { limits: { clientSeats: 3 } } }, 2)).toBeNull();
    expect(planLimitDenial('clientSeats', { v2StripeConfig: { limits: { clientSeats: 3 } } }, 3)).toBe(PLAN_LIMIT_MESSAGES.clientSeats(3));
    expect(planLimitDenial('phoneNumbers', {}, 0)).toBe('Your plan includes no phone numbers. Add phone number slots to your plan to connect one.');
    expect(planLimitDenial('phoneNumbers', { v2StripeConfig: { limits: { twilioPhoneNumberSlots: 1 } } }, 0)).toBeNull();
    expect(planLimitDenial('concurrentCalls', {}, 9)).toBeNull();
    expect(planLimitDenial('concurrentCalls', {}, 10)).toBe(PLAN_LIMIT_MESSAGES.concurrentCalls(10));
    expect(planLimitDenial('agents', { internal: { customPlan: { limits: { maxAgents: 'infinity' } } } }, 10_000)).toBeNull();
  });

  it('reads the deprecated maxClients when clientSeats is not set', () => {
    expect(clientSeatLimit({ v2StripeConfig: { limits: { maxClients: 7 } } })).toBe(7);
    expect(clientSeatLimit({ v2StripeConfig: { limits: { maxClients: 7, clientSeats: 4 } } })).toBe(4);
  });

  it('gives the subscription limits the add-ons make (limitsWithAddons) their effect', () => {
    const v2StripeConfig = { limits: limitsWithAddons({ 'workspace-seat': 3, client_seat: 1, 'concurrent-call-line': 2, 'twilio-phone-number': 4 }) };
    expect(workspaceSeatLimitOfPlan({ v2StripeConfig })).toBe(5);
    expect(clientSeatLimit({ v2StripeConfig })).toBe(3);
    expect(concurrentCallLimit({ v2StripeConfig })).toBe(12);
    expect(phoneNumberSlotLimit({ v2StripeConfig })).toBe(4);
  });

  it("adds the custom plan's workspace seats on top of the subscription's, or of the 2 free seats", () => {
    expect(workspaceSeatLimitOfPlan({ internal: { customPlan: { limits: { workspaceSeats: 1 } } } })).toBe(3);
    expect(workspaceSeatLimitOfPlan({ internal: { customPlan: { limits: { workspaceSeats: 1 } } }, v2StripeConfig: { limits: { workspaceSeats: 4 } } })).toBe(5);
  });
});

describe('agents on a paid plan', () => {
  it('a paid subscription without maxAgents has no agent limit; ended, or on free, the 2 free agents again', () => {
    expect(agentLimit({ v2StripeConfig: { planId: 'pay_as_you_go', status: 'active', limits: { workspaceSeats: 2 } } })).toBe(Infinity);
    expect(agentLimit({ v2StripeConfig: { planId: 'pay_as_you_go', status: 'past_due' } })).toBe(Infinity);
    expect(agentLimit({ v2StripeConfig: { planId: 'free', status: 'canceled', limits: { workspaceSeats: 2 } } })).toBe(2);
    expect(agentLimit({ v2StripeConfig: { planId: 'pay_as_you_go', status: 'incomplete' } })).toBe(2);
    expect(agentLimit({ v2StripeConfig: { planId: 'pay_as_you_go', status: 'active', limits: { maxAgents: 5 } } })).toBe(5);
    expect(agentLimit({ internal: { customPlan: { limits: { maxAgents: 3 } } }, v2StripeConfig: { planId: 'pay_as_you_go', status: 'active' } })).toBe(3);
  });
});
