import { describe, expect, it } from 'vitest';
import { extractCssBlocks, insertCss } from './css-blocks';

describe('extractCssBlocks', () => {
  it.each<[string, string, string | null]>([
    ['joins every ```css block', 'Here:\n```css\n.a { color: red; }\n```\nand\n```css\n.b { color: blue; }\n```', '.a { color: red; }\n\n.b { color: blue; }'],
    ['accepts an unlabelled block that looks like CSS', '```\n.head { background: #000; }\n```', '.head { background: #000; }'],
    ['ignores an unlabelled block that is not CSS', '```\nconst x = 1;\n```', null],
    ['returns null without code', 'No code here.', null],
  ])('%s', (_name, reply, expected) => {
    expect(extractCssBlocks(reply)).toBe(expected);
  });
});

describe('insertCss', () => {
  it('appends below existing CSS with a blank line', () => {
    expect(insertCss('.a { color: red; }', '.b { color: blue; }')).toBe('.a { color: red; }\n\n.b { color: blue; }\n');
  });
  it('starts an empty editor with the generated CSS', () => {
    expect(insertCss('  ', '.b { color: blue; }')).toBe('.b { color: blue; }\n');
  });
});
