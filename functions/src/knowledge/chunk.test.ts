import { describe, expect, it } from 'vitest';
import { chunkText } from './chunk';
import { htmlToText } from './html-to-text';
import { bm25Rank } from './bm25';

describe('chunkText', () => {
  it('keeps every chunk within the max size and loses no words', () => {
    const text = Array.from({ length: 300 }, (_, i) => `Sentence number ${i} talks about topic ${i % 7}.`).join(' ');
    const chunks = chunkText(text, 1000);
    expect(chunks.length).toBeGreaterThan(10);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(1000);
    expect(chunks.join(' ').split(/\s+/).length).toBe(text.split(/\s+/).length);
    // Long paragraphs are cut at sentence ends.
    expect(chunks[0]!.endsWith('.')).toBe(true);
  });

  it('packs short paragraphs together and hard-splits words longer than the limit', () => {
    expect(chunkText('One.\n\nTwo.\n\nThree.', 1000)).toEqual(['One.\n\nTwo.\n\nThree.']);
    expect(chunkText('x'.repeat(2500), 1000).map((c) => c.length)).toEqual([1000, 1000, 500]);
  });
});

describe('htmlToText', () => {
  it('drops scripts, styles and tags, decodes entities and keeps block breaks', () => {
    const html = '<html><head><title>T</title><style>p{color:red}</style></head><body><script>alert(1)</script><h1>Opening&nbsp;hours</h1><p>Mon&ndash;Fri &amp; Sat: 9&#8211;5</p><p>Call <b>us</b></p></body></html>';
    const text = htmlToText(html);
    expect(text).not.toContain('alert');
    expect(text).not.toContain('color');
    expect(text).toContain('Opening hours');
    expect(text).toContain('& Sat: 9–5');
    expect(text.split('\n').filter(Boolean)).toHaveLength(3);
  });
});

describe('bm25Rank', () => {
  it('ranks the chunk that mentions the query terms first', () => {
    const chunks = ['Our office opens at 9am on weekdays.', 'Refunds are processed within 14 days of the return.', 'Shipping is free above 50 euros.'];
    const ranked = bm25Rank('how long do refunds take', chunks, (c) => c, 2);
    expect(ranked[0]!.item).toContain('Refunds');
    expect(bm25Rank('unrelated zebra', chunks, (c) => c, 2)).toEqual([]);
  });
});
