import { describe, expect, it } from 'vitest';
import { conversationMessageSchema, messageSourceSchema } from './conversation';

describe('message sources', () => {
  it('carry a title, an excerpt and a score, and nothing else', () => {
    const parsed = messageSourceSchema.parse({ title: 'Bakery FAQ', excerpt: 'We open at 7am.', score: 2.5, docId: 'd1', contentURL: 'http://x/public/files/kb%2Fa%2Fd1%2Fsecret.txt' });
    expect(parsed).toEqual({ title: 'Bakery FAQ', excerpt: 'We open at 7am.', score: 2.5 });
  });

  it('read messages stored with the document name and id: the name becomes the title, the id is dropped', () => {
    const stored = { ID: 'm1', role: 'assistant', text: 'Hi', ts: 1, sources: [{ docId: 'doc1', name: 'bakery-faq.txt', excerpt: 'x', score: 1 }] };
    expect(conversationMessageSchema.parse(stored).sources).toEqual([{ title: 'bakery-faq.txt', excerpt: 'x', score: 1 }]);
  });
});
