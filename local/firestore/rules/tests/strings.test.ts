import { describe, expect, it } from 'vitest';
import { outcome } from './helpers.ts';

describe('string functions', () => {
  it.each([
    ["'héllo'.size() == 5", 'true'],
    ["''.size() == 0", 'true'],
    ["'AbC'.lower() == 'abc'", 'true'],
    ["'AbC'.upper() == 'ABC'", 'true'],
    ["'  x y '.trim() == 'x y'", 'true'],
    ["'a,b,,c'.split(',') == ['a', 'b', '', 'c']", 'true'],
    ["'a1b22c'.split('[0-9]+') == ['a', 'b', 'c']", 'true'],
    ["'banana'.replace('a', 'o') == 'bonono'", 'true'],
    ["'a.b.c'.replace('\\\\.', '/') == 'a/b/c'", 'true'],
    ["'$1'.replace('1', '$&') == '$$&'", 'true'],
    ["'abc'.toUtf8().size() == 3", 'true'],
    ["'é'.toUtf8().size() == 2", 'true'],
    ["'abc'[1] == 'b'", 'true'],
    ["'abc'[3] == 'c'", 'error'],
    ["'abcdef'[1:3] == 'bc'", 'true'],
    ["'abcdef'[:2] == 'ab'", 'true'],
    ["'abcdef'[4:] == 'ef'", 'true'],
    ["'abc'[2:9] == 'c'", 'error'],
    ["'a' + 'b' == 'ab'", 'true'],
    ['"double" == \'double\'', 'true'],
    ["'it\\'s' == \"it's\"", 'true'],
    ["'tab\\there'.size() == 8", 'true'],
    ["'\\u00e9' == 'é'", 'true'],
    ["r'a\\d' == 'a\\\\d'", 'true'],
    ['1.size() == 1', 'error'],
    ["'abc'.lower(1) == 'abc'", 'error'],
  ])('%s → %s', (expr, want) => expect(outcome(expr)).toBe(want));
});

describe('matches (RE2 via RegExp, anchored full match)', () => {
  it.each([
    ["'alice@example.com'.matches('.*@example[.]com')", 'true'],
    ["'alice@example.com.evil'.matches('.*@example[.]com')", 'false'],
    ["'xabc'.matches('abc')", 'false'],
    ["'abc'.matches('a|abc')", 'true'],
    ["'ABC'.matches('(?i)abc')", 'true'],
    ["'ABC'.matches('abc')", 'false'],
    ["'user_42'.matches('^[a-z]+_[0-9]{1,3}$')", 'true'],
    ["'é'.matches('\\\\pL')", 'true'],
    // RE2 has no lookaround or backreferences: refused rather than silently accepted.
    ["'aa'.matches('(a)\\\\1')", 'error'],
    ["'ab'.matches('a(?=b)b')", 'error'],
    ["'a'.matches('(')", 'error'],
    ["'a'.matches(1)", 'error'],
  ])('%s → %s', (expr, want) => expect(outcome(expr)).toBe(want));

  it('matches against document data', () => {
    expect(outcome("resource.data.email.matches('.*@parley[.]ai')", { data: { email: 'bo@parley.ai' } })).toBe('true');
    expect(outcome("resource.data.email.matches('.*@parley[.]ai')", { data: { email: 'bo@parley.ai.x' } })).toBe('false');
    expect(outcome("resource.data.email.matches('.*@parley[.]ai')", { data: { email: 42 } })).toBe('error');
  });
});
