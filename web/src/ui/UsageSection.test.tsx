// The Usage section (Billing's, an org's) against Google's Firestore emulator: the payer's daily rollups are real documents (written
// by a second client standing in for the functions). The charts add up exactly the credits of the range, name the
// agents, export what they plot, read an org's days for an org, and say so when the range holds nothing.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { doc, setDoc } from 'firebase/firestore';
import { lastDays } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectTestFirestore } from '../test/emulator';
import { renderWithProviders } from '../test/render';
import { UsageSection } from './UsageSection';

const fs = connectTestFirestore();
const DAY_MS = 86_400_000;
let n = 0;
let uid = '';
let downloaded: Blob[] = [];

beforeEach(() => {
  uid = `usageOwner${++n}`;
  downloaded = [];
  Object.assign(URL, { createObjectURL: (blob: Blob) => (downloaded.push(blob), 'blob:csv'), revokeObjectURL: () => undefined });
});

const dayAgo = (days: number) => lastDays(Date.now() - days * DAY_MS, 1).to;
const seedDay = (path: string, day: string, fields: Record<string, unknown>) => setDoc(doc(fs.server, `${path}/rollups/${day}`), { day, ...fields });
async function exported(title: string): Promise<string[]> {
  fireEvent.click(await screen.findByRole('button', { name: `Export CSV of ${title}` }));
  await waitFor(() => expect(downloaded.length).toBeGreaterThan(0));
  return (await downloaded[downloaded.length - 1]!.text()).replace('\uFEFF', '').trim().split('\r\n');
}

describe('Usage on Billing', () => {
  it('plots the workspace’s credits per day and per agent over the range, agents by name', async () => {
    await seedDay(`users/${uid}`, dayAgo(0), { credits: 30, agents: { a1: 20, a2: 10 }, features: { 'chat-message': 30 } });
    await seedDay(`users/${uid}`, dayAgo(3), { credits: 5, agents: { a1: 5 } });
    renderWithProviders(<UsageSection payer={{ kind: 'workspace', uid }} agentNames={new Map([['a1', 'Support bot']])} />);
    const perDay = await exported('Credits used');
    expect(perDay[0]).toBe('Day,Credits');
    expect(perDay).toHaveLength(31);
    expect(perDay[30]).toBe(`${dayAgo(0)},30`);
    expect(perDay[27]).toBe(`${dayAgo(3)},5`);
    expect(perDay[29]).toBe(`${dayAgo(1)},0`);
    // An agent the workspace no longer has is named by its id.
    expect(await exported('Credits per agent')).toEqual(['Agent,Credits', 'Support bot,25', 'a2,10']);
    expect((await exported("Agents' credits per day"))[30]).toBe(`${dayAgo(0)},20,10`);
  });

  it('reads an org’s own days for an org', async () => {
    const orgId = `usageOrg${n}`;
    await seedDay(`orgs/${orgId}`, dayAgo(1), { credits: 7, agents: { a9: 7 } });
    await seedDay(`users/${uid}`, dayAgo(1), { credits: 99, agents: { a1: 99 } });
    renderWithProviders(<UsageSection payer={{ kind: 'org', orgId }} />);
    expect(await exported('Credits per agent')).toEqual(['Agent,Credits', 'a9,7']);
  });

  it('says so when the range used no credits, and a longer preset reaches older days', async () => {
    await seedDay(`users/${uid}`, dayAgo(60), { credits: 4, agents: { a1: 4 } });
    renderWithProviders(<UsageSection payer={{ kind: 'workspace', uid }} />);
    expect(await screen.findAllByText('No data in this range.')).toHaveLength(3);
    fireEvent.click(screen.getByRole('radio', { name: '3 months' }));
    expect(await exported('Credits per agent')).toEqual(['Agent,Credits', 'a1,4']);
  });
});
