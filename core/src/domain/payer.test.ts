import { describe, expect, it } from 'vitest';
import { billingOrgFor, payerFor } from './payer';

const agent = { ID: 'agent1', ownerID: 'ws1' };
const org = (ID: string, extra: Record<string, unknown> = {}) => ({ ID, ownerID: 'ws1', widgetIDs: ['agent1'], allowBilling: true, ...extra });

describe('payerFor', () => {
  it('an org of the agent\'s workspace that lists the agent and allows billing pays', () => {
    expect(payerFor(agent, [org('orgA')])).toEqual({ kind: 'org', ownerID: 'ws1', orgId: 'orgA' });
  });

  it('the workspace pays when no org lists the agent, billing is off, or the org belongs to another workspace', () => {
    const workspace = { kind: 'workspace', ownerID: 'ws1' };
    expect(payerFor(agent, [])).toEqual(workspace);
    expect(payerFor(agent, [org('orgA', { allowBilling: false })])).toEqual(workspace);
    expect(payerFor(agent, [org('orgA', { allowBilling: 'true' })])).toEqual(workspace);
    expect(payerFor(agent, [org('orgA', { widgetIDs: ['agent2'] })])).toEqual(workspace);
    expect(payerFor(agent, [org('orgA', { widgetIDs: undefined })])).toEqual(workspace);
    expect(payerFor(agent, [org('orgA', { ownerID: 'someoneElse' })])).toEqual(workspace);
  });

  it('several billing orgs: the smallest ID pays, whatever order they were read in', () => {
    expect(billingOrgFor(agent, [org('orgC'), org('orgA'), org('orgB')])).toBe('orgA');
    expect(billingOrgFor(agent, [org('orgB'), org('orgC')])).toBe('orgB');
    expect(billingOrgFor(agent, [org('orgA', { allowBilling: false }), org('orgB')])).toBe('orgB');
  });

  it('an agent without a workspace has no org payer', () => {
    expect(billingOrgFor({ ID: 'agent1', ownerID: '' }, [org('orgA', { ownerID: '' })])).toBeNull();
  });
});
