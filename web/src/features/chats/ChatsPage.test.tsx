/* eslint-disable @typescript-eslint/no-explicit-any -- recorded operator calls are inspected loosely */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import type { ConversationSummary, TranscriptMessage } from './chats-data';

// The inbox's data: an in-memory agent with two conversations; operator calls change it like the server.
let marker = 1;
let conversations: ConversationSummary[] = [];
let transcripts: Record<string, TranscriptMessage[]> = {};
const operatorCalls: Array<{ name: string; input: any }> = [];
vi.mock('./chats-data', async (original) => {
  const actual = await original<typeof import('./chats-data')>();
  return {
    ...actual,
    readMarker: async () => marker,
    listConversations: async () => conversations.filter((c) => c.messageCount > 0).sort((a, b) => b.lastMessageAt - a.lastMessageAt),
    readTranscript: async (_r: string, _a: string, id: string) => transcripts[id] ?? [],
    sendOperatorMessage: async (input: any) => {
      operatorCalls.push({ name: 'sendOperatorMessage', input });
      transcripts[input.conversationId]!.push({ ID: `op${marker}`, role: 'operator', text: input.text, ts: Date.now() });
      conversations = conversations.map((c) => (c.ID === input.conversationId ? { ...c, control: 'human' } : c));
      marker++;
      return { control: 'human' };
    },
    setConversationControl: async (input: any) => {
      operatorCalls.push({ name: 'setConversationControl', input });
      conversations = conversations.map((c) => (c.ID === input.conversationId ? { ...c, control: input.control } : c));
      marker++;
      return { control: input.control };
    },
  };
});

const { default: ChatsPage } = await import('./ChatsPage');
const { matchesSearch } = await import('./chats-data');

const conv = (id: string, lastMessage: string, at: number, extra: Partial<ConversationSummary> = {}): ConversationSummary => ({
  ID: id, channel: 'widget', createdAt: at - 1000, updatedAt: at, lastMessage, lastMessageAt: at, messageCount: 2, control: 'ai', handoffRequested: false, ...extra,
});

beforeEach(() => {
  marker = 1;
  operatorCalls.length = 0;
  conversations = [
    conv('c-old', 'What are your opening hours?', 1_000_000),
    conv('c-new', 'Do you deliver sourdough?', 2_000_000, { handoffRequested: true }),
    conv('c-empty', '', 3_000_000, { messageCount: 0 }),
  ];
  transcripts = {
    'c-new': [
      { ID: 'm1', role: 'user', text: 'Do you deliver sourdough?', ts: 1 },
      { ID: 'm2', role: 'assistant', text: 'Yes, within 5 km.', ts: 2, sources: [{ docId: 'd', name: 'Bakery FAQ', excerpt: '', score: 1 }] },
    ],
    'c-old': [{ ID: 'm3', role: 'user', text: 'What are your opening hours?', ts: 1 }],
  };
});

describe('Chats inbox', () => {
  it('lists conversations newest first, hides empty ones, and filters by search', async () => {
    renderWithProviders(<ChatsPage />, { route: '/app/na/agents/A1/convos', path: '/app/na/agents/:agentId/convos' });
    const nav = await screen.findByRole('navigation', { name: 'Conversations' });
    await waitFor(() => expect(within(nav).getAllByRole('button')).toHaveLength(2));
    const rows = within(nav).getAllByRole('button');
    expect(rows[0]!.textContent).toContain('Do you deliver sourdough?');
    expect(rows[0]!.textContent).toContain('Needs a human');
    expect(rows[1]!.textContent).toContain('opening hours');
    fireEvent.change(screen.getByLabelText('Search conversations'), { target: { value: 'hours' } });
    await waitFor(() => expect(within(nav).getAllByRole('button')).toHaveLength(1));
  });

  it('shows the transcript with sources, and an operator reply takes the conversation over', async () => {
    renderWithProviders(<ChatsPage />, { route: '/app/na/agents/A1/convos', path: '/app/na/agents/:agentId/convos' });
    fireEvent.click(await screen.findByText('Do you deliver sourdough?', { selector: 'p' }));
    const transcript = await screen.findByLabelText('Transcript');
    await within(transcript).findByText('Yes, within 5 km.');
    expect(transcript.textContent).toContain('Sources: Bakery FAQ');
    fireEvent.change(screen.getByLabelText('Reply as a team member'), { target: { value: 'Hi, Ana here.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await within(transcript).findByText('Hi, Ana here.');
    expect(operatorCalls[0]).toEqual({ name: 'sendOperatorMessage', input: { region: 'na', agentId: 'A1', conversationId: 'c-new', text: 'Hi, Ana here.' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Hand back to AI' }));
    await screen.findByRole('button', { name: 'Take over' });
    expect(operatorCalls[1]!.input.control).toBe('ai');
  });

  it('matches the search term against the preview, page and id', () => {
    const c = conv('abc123', 'Refund please', 1, { pageUrl: 'https://shop.example/returns' });
    expect(matchesSearch(c, 'refund')).toBe(true);
    expect(matchesSearch(c, 'returns')).toBe(true);
    expect(matchesSearch(c, 'ABC1')).toBe(true);
    expect(matchesSearch(c, 'pizza')).toBe(false);
  });
});
