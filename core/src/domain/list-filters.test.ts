import { describe, expect, it } from 'vitest';
import { chatsLink, isDay, leadsLink, listFiltersSearch, parseListFilters } from './list-filters';

describe('list filters in the URL', () => {
  it('reads what a link wrote, in both directions', () => {
    const filters = { from: '2026-11-01', to: '2026-11-28', channel: 'whatsapp', status: 'handedOff', lead: 'with', q: 'ada@example.com' } as const;
    expect(parseListFilters(new URLSearchParams(listFiltersSearch(filters)))).toEqual(filters);
  });
  it('drops unknown and malformed values instead of failing', () => {
    expect(parseListFilters(new URLSearchParams('from=2026-02-30&to=yesterday&channel=test&status=closed&lead=maybe&q=%20%20'))).toEqual({});
  });
  it('builds Chats and Leads links of an agent', () => {
    expect(chatsLink('eu', 'A1', { from: '2026-11-28', to: '2026-11-28' })).toBe('/app/eu/agents/A1/convos?from=2026-11-28&to=2026-11-28');
    expect(leadsLink('na', 'A1')).toBe('/app/na/agents/A1/leads');
  });
  it('knows a calendar day', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
  });
});
