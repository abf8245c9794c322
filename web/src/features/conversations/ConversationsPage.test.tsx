// The Chats inbox against Google's Firestore emulator: the conversations and messages are real documents
// (written by a second client standing in for the functions), so order, limits and the live updates are
// Firestore's own. Only the operator callables are replaced: the test records what the page asks for and
// writes their effect itself, as the functions would.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { doc, increment, setDoc, writeBatch } from 'firebase/firestore';
import { conversationsApi, insightsApi } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import rules from '../../../../firestore.rules?raw';
import { answer, answerCallables, CallableRefusal } from '../../test/callables';
import { connectTestFirestore } from '../../test/emulator';
import { renderWithProviders } from '../../test/render';
import { matchesSearch, type ConversationSummary } from './conversations-data';
import ConversationsPage from './ConversationsPage';

const fs = connectTestFirestore();


let agentId = '';
let agentCount = 0;
beforeEach(() => {
  // One agent per test: the documents of one test never show in another.
  agentId = `agent${++agentCount}`;
  // The operator callables, doing what the functions do: the page learns the effect from its listeners.
  answerCallables({
    setConversationControl: answer(conversationsApi.setConversationControl, async ({ conversationId, control }) => {
      await setDoc(doc(fs.server, conversationPath(conversationId)), { control, operatorUid: control === 'human' ? 'owner1' : '', handoffRequested: false }, { merge: true });
      return { control };
    }),
    sendOperatorMessage: answer(conversationsApi.sendOperatorMessage, async ({ conversationId, text }) => {
      const ts = 2_400_000;
      await writeMessage(conversationId, 'operator', text, ts, { responder: 'operator', operatorUid: 'owner1' });
      await setDoc(doc(fs.server, conversationPath(conversationId)), { control: 'human', operatorUid: 'owner1' }, { merge: true });
      return { message: { ID: `m${ts}`, role: 'operator' as const, text, ts }, control: 'human' as const };
    }),
  });
});

const conversationPath = (id: string) => `voiceglow/${agentId}/conversations/${id}`;

async function seedConversation(id: string, lastMessage: string, at: number, extra: Partial<ConversationSummary> = {}) {
  await setDoc(doc(fs.server, conversationPath(id)), {
    ID: id, agentId, ownerID: 'owner1', channel: 'widget', createdAt: at - 1000, updatedAt: at,
    lastMessage, lastMessageAt: at, messageCount: 2, control: 'ai', handoffRequested: false, visitor: {}, ...extra,
  });
}

/** What the runtime writes for a new message: the message and the conversation's summary, in one batch. */
async function writeMessage(conversationId: string, role: 'user' | 'assistant' | 'operator', text: string, ts: number, extra: Record<string, unknown> = {}) {
  const batch = writeBatch(fs.server);
  batch.set(doc(fs.server, `${conversationPath(conversationId)}/messages/m${ts}`), { ID: `m${ts}`, role, text, ts, sources: [], status: 'complete', ...extra });
  batch.set(doc(fs.server, conversationPath(conversationId)), { lastMessage: text, lastMessageAt: ts, lastRole: role, updatedAt: ts, messageCount: increment(1) }, { merge: true });
  await batch.commit();
}

async function seedInbox() {
  await seedConversation('c-old', 'What are your opening hours?', 1_000_000);
  await seedConversation('c-new', 'Do you deliver sourdough?', 2_000_000, { handoffRequested: true });
  // Created when the widget opened, before any message: not listed.
  await seedConversation('c-empty', '', 3_000_000, { messageCount: 0 });
  await setDoc(doc(fs.server, `${conversationPath('c-new')}/messages/m1`), { ID: 'm1', role: 'user', text: 'Do you deliver sourdough?', ts: 1_999_000 });
  await setDoc(doc(fs.server, `${conversationPath('c-new')}/messages/m2`), {
    ID: 'm2', role: 'assistant', text: 'Yes, within 5 km.', ts: 2_000_000, sources: [{ docId: 'd', name: 'Bakery FAQ', excerpt: '', score: 1 }],
  });
}

function renderInbox() {
  renderWithProviders(<ConversationsPage />, { route: `/app/na/agents/${agentId}/convos`, path: '/app/na/agents/:agentId/convos' });
  return screen.findByRole('navigation', { name: 'Conversations' });
}

const rowTexts = (nav: HTMLElement) => within(nav).queryAllByRole('button').map((b) => b.textContent ?? '');

async function openConversation(preview: string) {
  fireEvent.click(await screen.findByText(preview, { selector: 'p' }));
  return screen.findByLabelText('Transcript');
}

describe('Chats inbox', () => {
  it('lists conversations newest first, hides those without messages, and filters by search', async () => {
    await seedInbox();
    const nav = await renderInbox();
    await waitFor(() => expect(rowTexts(nav)).toHaveLength(2));
    const [first, second] = rowTexts(nav);
    expect(first).toContain('Do you deliver sourdough?');
    expect(first).toContain('Needs a human');
    expect(second).toContain('opening hours');
    fireEvent.change(screen.getByLabelText('Search conversations'), { target: { value: 'hours' } });
    await waitFor(() => expect(rowTexts(nav)).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Search conversations'), { target: { value: 'pizza' } });
    await screen.findByText('No conversation matches your search.');
  });

  it('shows the tools an answer called, with their arguments and result', async () => {
    await seedInbox();
    await writeMessage('c-new', 'assistant', 'Order 1234 shipped.', 2_050_000, {
      toolCalls: [{ name: 'get_order_status', arguments: '{"order_id":"1234"}', ok: true, status: 200, result: '{"status":"shipped"}', timeMs: 12 }],
    });
    await renderInbox();
    const transcript = await openConversation('Order 1234 shipped.');
    const calls = await within(transcript).findByLabelText('Tool calls');
    expect(calls.textContent).toContain('Called get_order_status({"order_id":"1234"}) · OK 200 · 12 ms');
    expect(calls.textContent).toContain('{"status":"shipped"}');
  });

  it('shows a flow’s move to another step in the transcript', async () => {
    await seedInbox();
    await writeMessage('c-new', 'assistant', 'Shall I book the 3rd?', 2_050_000, {
      toolCalls: [{ name: 'go_to_step', arguments: '{"step":"confirm"}', ok: true, result: 'Moved to the step "confirm".', step: 'confirm' }],
    });
    await renderInbox();
    const transcript = await openConversation('Shall I book the 3rd?');
    expect((await within(transcript).findByLabelText('Tool calls')).textContent).toBe('Moved to step “confirm”');
  });

  it('shows a visitor’s new message live in the list and in the open transcript', async () => {
    await seedInbox();
    const nav = await renderInbox();
    const transcript = await openConversation('Do you deliver sourdough?');
    await within(transcript).findByText('Yes, within 5 km.');
    expect(transcript.textContent).toContain('Sources: Bakery FAQ');

    await writeMessage('c-new', 'user', 'Can it arrive before 8?', 2_100_000);
    await within(transcript).findByText('Can it arrive before 8?');
    await waitFor(() => expect(rowTexts(nav)[0]).toContain('Can it arrive before 8?'));
    expect(rowTexts(nav)[0]).toContain('3 messages');

    // Another conversation moves to the top when its visitor writes.
    await writeMessage('c-old', 'user', 'And on Sundays?', 2_200_000);
    await waitFor(() => expect(rowTexts(nav)[0]).toContain('And on Sundays?'));
    // A first message makes the empty conversation appear.
    await writeMessage('c-empty', 'user', 'Hello?', 2_300_000);
    await waitFor(() => expect(rowTexts(nav)).toHaveLength(3));
    expect(rowTexts(nav)[0]).toContain('Hello?');
  });

  it('takes over through the callable, and the takeover state follows the conversation document', async () => {
    await seedInbox();
    await renderInbox();
    const transcript = await openConversation('Do you deliver sourdough?');
    const whoAnswers = screen.getByRole('status', { name: 'Who answers' });
    expect(whoAnswers.textContent).toBe('The AI is answering.');

    fireEvent.click(screen.getByRole('button', { name: 'Take over' }));
    // The callable's write reaches the page through its listener (an emulator round trip or two).
    await screen.findByRole('button', { name: 'Hand back to AI' }, { timeout: 5000 });
    expect(whoAnswers.textContent).toBe('Taken over by you: the AI stays silent.');

    // Another team member takes over from their own dashboard.
    await setDoc(doc(fs.server, conversationPath('c-new')), { operatorUid: 'member2' }, { merge: true });
    await waitFor(() => expect(whoAnswers.textContent).toBe('Taken over by a team member: the AI stays silent.'));

    fireEvent.change(screen.getByLabelText('Reply as a team member'), { target: { value: 'Hi, Ana here.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect((screen.getByLabelText('Reply as a team member') as HTMLTextAreaElement).value).toBe(''), { timeout: 5000 });
    const bubble = await within(transcript).findByText('Hi, Ana here.', {}, { timeout: 5000 });
    expect(bubble.closest('[data-role]')?.getAttribute('data-role')).toBe('operator');

    // Handed back elsewhere: the button and the state follow.
    await setDoc(doc(fs.server, conversationPath('c-new')), { control: 'ai' }, { merge: true });
    await screen.findByRole('button', { name: 'Take over' });
    expect(whoAnswers.textContent).toBe('The AI is answering.');
  });

  it('shows a channel conversation’s channel and its user’s name in the list and the transcript', async () => {
    await seedConversation('c-tg', 'What are your opening hours?', 1_500_000, {
      channel: 'telegram', channelUser: { id: '4242', name: 'Ana Lima', endpointId: 'bot1' },
    });
    await setDoc(doc(fs.server, `${conversationPath('c-tg')}/messages/m1`), { ID: 'm1', role: 'user', text: 'What are your opening hours?', ts: 1_500_000 });
    const nav = await renderInbox();
    await waitFor(() => expect(rowTexts(nav)).toHaveLength(1));
    expect(within(nav).getByLabelText('Channel: Telegram')).toBeTruthy();
    expect(rowTexts(nav)[0]).toContain('Ana Lima');
    const transcript = await openConversation('What are your opening hours?');
    await within(transcript).findByText(/^Ana Lima ·/);
    expect(screen.getByText(/Started .* · Telegram · Ana Lima/)).toBeTruthy();
  });

  it('shows a call’s summary, and lists only calls when filtered by the phone channel', async () => {
    await seedConversation('c-call', 'Do you open on Sundays?', 1_600_000, {
      channel: 'phone',
      call: { callId: 'call-1', callerNumber: '+15005550006', agentNumber: '+14155550101', direction: 'inbound', durationSeconds: 125, endedReason: 'customer-ended-call', recordingUrl: 'https://recordings.example/call-1.wav' },
    });
    await setDoc(doc(fs.server, `${conversationPath('c-call')}/messages/m1`), { ID: 'm1', role: 'user', text: 'Do you open on Sundays?', ts: 1_600_000 });
    await seedConversation('c-chat', 'Hello from the widget', 1_700_000);
    renderWithProviders(<ConversationsPage />, { route: `/app/na/agents/${agentId}/convos?channel=phone`, path: '/app/na/agents/:agentId/convos' });
    const nav = (await screen.findAllByRole('navigation', { name: 'Conversations' })).at(-1)!;
    await waitFor(() => expect(rowTexts(nav)).toHaveLength(1));
    expect(within(nav).getByLabelText('Channel: Phone call')).toBeTruthy();
    await openConversation('Do you open on Sundays?');
    const summary = await screen.findByRole('region', { name: 'Call summary' });
    expect(summary.textContent).toContain('Channel: Phone call');
    expect(summary.textContent).toContain('Caller: +15005550006');
    expect(summary.textContent).toContain('Duration: 2 min 5 s');
    expect(summary.textContent).toContain('Ended: customer ended call');
    expect(within(summary).getByRole('link', { name: 'Recording' }).getAttribute('href')).toBe('https://recordings.example/call-1.wav');
  });

  it('shows why an operator reply could not go out (WhatsApp’s 24-hour window)', async () => {
    await seedInbox();
    const initiate = 'You must initiate the conversation with this number before sending a message.';
    answerCallables({
      sendOperatorMessage: answer(conversationsApi.sendOperatorMessage, () => {
        throw new CallableRefusal('functions/failed-precondition', initiate);
      }),
    });
    await renderInbox();
    await openConversation('Do you deliver sourdough?');
    fireEvent.change(screen.getByLabelText('Reply as a team member'), { target: { value: 'Hello again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(initiate);
  });

  it('filters by status, lead and channel from the URL', async () => {
    const now = Date.now();
    await seedConversation('c-open', 'Still chatting', now - 60_000, { handedOff: false, hasLead: false });
    await seedConversation('c-ended', 'Long ago', now - 3 * 3600_000, { handedOff: false, hasLead: true, lead: { name: 'Lena Lead' } });
    await seedConversation('c-human', 'Needs Ana', now - 120_000, { handedOff: true, hasLead: false, channel: 'telegram' });
    const render = async (search: string) => {
      renderWithProviders(<ConversationsPage />, { route: `/app/na/agents/${agentId}/convos${search}`, path: '/app/na/agents/:agentId/convos' });
      return (await screen.findAllByRole('navigation', { name: 'Conversations' })).at(-1)!;
    };
    const shows = async (search: string, expected: string[]) => {
      const nav = await render(search);
      await waitFor(() => expect(rowTexts(nav).map((t) => expected.find((e) => t.includes(e)) ?? t)).toEqual(expected));
    };
    await shows('?status=open', ['Still chatting']);
    await shows('?status=ended', ['Long ago']);
    await shows('?status=handedOff', ['Needs Ana']);
    await shows('?lead=with', ['Long ago']);
    await shows('?lead=without', ['Still chatting', 'Needs Ana']);
    await shows('?channel=telegram', ['Needs Ana']);
  });

  it('says why a link’s date range is not used and lists every date instead', async () => {
    await seedInbox();
    const renderWith = async (search: string) => {
      renderWithProviders(<ConversationsPage />, { route: `/app/na/agents/${agentId}/convos${search}`, path: '/app/na/agents/:agentId/convos' });
      return (await screen.findAllByRole('navigation', { name: 'Conversations' })).at(-1)!;
    };
    const reversed = await renderWith('?from=2026-05-10&to=2026-05-01');
    expect((await screen.findByRole('alert')).textContent).toBe(
      `The link’s dates were not used. ${insightsApi.INSIGHTS_RANGE_MESSAGES.reversed} Every date is shown instead.`,
    );
    await waitFor(() => expect(rowTexts(reversed)).toHaveLength(2));
    cleanup();
    const malformed = await renderWith('?from=2026-05-01&to=2026-5-9');
    expect((await screen.findByRole('alert')).textContent).toContain(insightsApi.INSIGHTS_RANGE_MESSAGES.malformed);
    await waitFor(() => expect(rowTexts(malformed)).toHaveLength(2));
    cleanup();
    // A good range says nothing (and here selects none of the 1970 conversations).
    await renderWith('?from=2026-05-01&to=2026-05-10');
    await screen.findByText('No conversation matches these filters.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('finds a conversation by its visitor’s e-mail, pages past the newest 100, and opens one from the URL', async () => {
    const batch = writeBatch(fs.server);
    for (let i = 0; i < 105; i++) {
      const at = 1_000_000 + i * 1000;
      const id = `c-page-${String(i).padStart(3, '0')}`;
      batch.set(doc(fs.server, conversationPath(id)), {
        ID: id, agentId, ownerID: 'owner1', channel: 'widget', createdAt: at - 1000, updatedAt: at,
        lastMessage: `Message number ${i}`, lastMessageAt: at, messageCount: 2, control: 'ai', handoffRequested: false, visitor: {}, handedOff: false, hasLead: false,
      });
    }
    await batch.commit();
    await seedConversation('c-page-lead', 'Hello from the oldest', 500_000, { hasLead: true, lead: { email: 'oldest@example.com' }, searchTerms: ['oldest@example.com'] });
    const nav = await renderInbox();
    await waitFor(() => expect(rowTexts(nav)).toHaveLength(100));
    expect(rowTexts(nav)[0]).toContain('Message number 104');
    fireEvent.click(screen.getByRole('button', { name: 'Load older conversations' }));
    await waitFor(() => expect(rowTexts(nav)).toHaveLength(106));
    expect(rowTexts(nav).at(-1)).toContain('Hello from the oldest');
    fireEvent.change(screen.getByLabelText('Search conversations'), { target: { value: 'Oldest@Example.com' } });
    await waitFor(() => expect(rowTexts(nav)).toEqual([expect.stringContaining('oldest@example.com')]));
    fireEvent.click(within(nav).getByRole('button'));
    expect(screen.getByLabelText('Current path').textContent).toContain('conversation=c-page-lead');
    expect(await screen.findByLabelText('Transcript')).toBeTruthy();
  }, 60_000);

  it('matches the search term against the preview, page and id', () => {
    const c: ConversationSummary = {
      ID: 'abc123', agentId: 'A1', ownerID: 'owner1', channel: 'widget', createdAt: 0, updatedAt: 1, lastMessage: 'Refund please', lastMessageAt: 1,
      messageCount: 2, control: 'ai', handoffRequested: false, pageUrl: 'https://shop.example/returns', visitor: {}, handedOff: false, hasLead: false,
    };
    expect(matchesSearch(c, 'refund')).toBe(true);
    expect(matchesSearch(c, 'returns')).toBe(true);
    expect(matchesSearch(c, 'ABC1')).toBe(true);
    expect(matchesSearch(c, 'pizza')).toBe(false);
  });

  // Last: the rules stay loaded for the rest of this file's project.
  it('shows why the list could not load when the rules deny it, with a way to try again', async () => {
    await fs.loadRules(rules);
    await renderInbox();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load conversations');
    expect(alert.textContent).toContain('you do not have access');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
