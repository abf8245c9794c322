// Automatic Recharge on the owner's plan: the free plan's refusal, the slider ranges at their edges with 0 shown as
// "No Limit", what a save sends, and the previous settings coming back when a save fails.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeWorkspace, renderWithProviders, stubFetch } from '../../test/render';
import { billingData, freePlan } from './account-test-data';
import { AutoRechargeCard, monthlyLimitLabel, snapToRange } from './AutoRechargeCard';
import type { UserBillingData } from './billing-api';

afterEach(() => vi.unstubAllGlobals());

function show(data: UserBillingData, answer: (body: Record<string, unknown>) => { status: number; body: unknown } = () => ({ status: 500, body: {} })) {
  const fetch = stubFetch((_url, init) => answer(JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>));
  vi.stubGlobal('fetch', fetch.fn);
  const onSaved = vi.fn(async () => undefined);
  renderWithProviders(<AutoRechargeCard target={fakeWorkspace()} data={data} onSaved={onSaved} />);
  return { fetch, onSaved, card: screen.getByRole('region', { name: 'Automatic Recharge' }) };
}

const slider = (name: string) => screen.getByRole('slider', { name });
const shown = (name: string) => screen.getByLabelText(`${name} value`).textContent;

describe('automatic recharge (own plan)', () => {
  it('the free plan is told it cannot enable auto-recharge and every control is off', () => {
    show(billingData(freePlan));
    expect(screen.getByText('You are on the free plan. You cannot enable auto-recharge.')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Enable auto-recharge' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Save auto-recharge' })).toHaveProperty('disabled', true);
  });

  it('threshold 500–2,500, amount $5–25 and monthly limit 0–500 with 0 shown as "No Limit" (default $100)', () => {
    show(billingData());
    expect(screen.queryByText('You are on the free plan. You cannot enable auto-recharge.')).toBeNull();
    const edges = [
      ['Recharge when credits drop below', '500', '2500', '500 credits', '2,500 credits'],
      ['Recharge amount', '5', '25', '$5', '$25'],
      ['Monthly charge limit', '0', '500', 'No Limit', '$500'],
    ] as const;
    expect(shown('Monthly charge limit')).toBe('$100');
    for (const [name, min, max, atMin, atMax] of edges) {
      expect(slider(name).getAttribute('aria-valuemin')).toBe(min);
      expect(slider(name).getAttribute('aria-valuemax')).toBe(max);
      fireEvent.keyDown(slider(name), { key: 'End' });
      expect(shown(name)).toBe(atMax);
      fireEvent.keyDown(slider(name), { key: 'ArrowRight' });
      expect(shown(name)).toBe(atMax);
      fireEvent.keyDown(slider(name), { key: 'Home' });
      expect(shown(name)).toBe(atMin);
      fireEvent.keyDown(slider(name), { key: 'ArrowLeft' });
      expect(shown(name)).toBe(atMin);
    }
  });

  it('values outside a range or off its step are snapped onto it', () => {
    expect(snapToRange(499, { min: 500, max: 2500, step: 500 })).toBe(500);
    expect(snapToRange(760, { min: 500, max: 2500, step: 500 })).toBe(1000);
    expect(snapToRange(9000, { min: 500, max: 2500, step: 500 })).toBe(2500);
    expect(snapToRange(26, { min: 5, max: 25, step: 5 })).toBe(25);
    expect(monthlyLimitLabel(0)).toBe('No Limit');
    expect(monthlyLimitLabel(25)).toBe('$25');
  });

  it('saves what the owner chose and shows the server’s confirmation', async () => {
    const { fetch, onSaved } = show(billingData(), (body) => ({
      status: 200,
      body: { success: true, message: `Auto-recharge settings updated successfully. Will charge $${String(body.amount)} when credits drop below ${String(body.threshold)}.`, settings: { enabled: body.enabled, threshold: body.threshold, amount: body.amount, monthlyLimit: body.monthlyLimit } },
    }));
    fireEvent.click(screen.getByRole('switch', { name: 'Enable auto-recharge' }));
    fireEvent.keyDown(slider('Recharge when credits drop below'), { key: 'ArrowRight' });
    fireEvent.keyDown(slider('Recharge amount'), { key: 'ArrowRight' });
    fireEvent.keyDown(slider('Monthly charge limit'), { key: 'Home' });
    fireEvent.click(screen.getByRole('button', { name: 'Save auto-recharge' }));
    const card = screen.getByRole('region', { name: 'Automatic Recharge' });
    expect(await within(card).findByText('Auto-recharge settings updated successfully. Will charge $10 when credits drop below 1000.')).toBeTruthy();
    expect(JSON.parse(String(fetch.calls[0]!.init.body))).toMatchObject({ enabled: true, threshold: 1000, amount: 10, monthlyLimit: 0 });
    expect(onSaved).toHaveBeenCalled();
  });

  it('a failed save puts the previous settings back and shows why', async () => {
    show(billingData({}, { autoRecharge: { enabled: true, threshold: 1500, amount: 20, monthlyLimit: 200 } }), () => ({ status: 402, body: {} }));
    fireEvent.keyDown(slider('Recharge amount'), { key: 'End' });
    fireEvent.keyDown(slider('Monthly charge limit'), { key: 'Home' });
    expect(shown('Recharge amount')).toBe('$25');
    fireEvent.click(screen.getByRole('button', { name: 'Save auto-recharge' }));
    const card = screen.getByRole('region', { name: 'Automatic Recharge' });
    expect(await within(card).findByText('Failed to update auto-recharge settings.')).toBeTruthy();
    await waitFor(() => expect(shown('Recharge amount')).toBe('$20'));
    expect(shown('Monthly charge limit')).toBe('$200');
    expect(shown('Recharge when credits drop below')).toBe('1,500 credits');
  });
});
