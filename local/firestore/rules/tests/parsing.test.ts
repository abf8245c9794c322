import { describe, expect, it } from 'vitest';
import { compileRules, RulesCompileError } from '../index.ts';
import { FakeAccess, request } from './helpers.ts';

const wrap = (body: string) => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    ${body}
  }
}`;

function compileError(source: string): RulesCompileError {
  try {
    compileRules(source);
  } catch (e) {
    if (e instanceof RulesCompileError) return e;
    throw e;
  }
  throw new Error('expected a RulesCompileError');
}

describe('parsing a whole rules file', () => {
  it('accepts comments, functions, nested matches and both quote styles', () => {
    const r = compileRules(`// leading comment
rules_version = "2";
/* block
   comment */
service cloud.firestore {
  match /databases/{database}/documents {
    // helpers
    function signedIn() { return request.auth != null; } // trailing
    match /users/{userId} {
      allow read: if signedIn() /* inline */ && request.auth.uid == userId;
      allow write: if false;
    }
  }
}`);
    expect(r.authorize(request({ path: '/databases/(default)/documents/users/alice' }), new FakeAccess())).toBe(true);
    expect(r.authorize(request({ path: '/databases/(default)/documents/users/bob' }), new FakeAccess())).toBe(false);
  });

  it('rules_version is optional (v1) and a file with no matches denies everything', () => {
    const r = compileRules('service cloud.firestore { }');
    expect(r.authorize(request(), new FakeAccess())).toBe(false);
  });
});

describe('compile errors carry line:col and the construct', () => {
  it.each([
    ['service firebase.storage { }', /^1:1: unsupported service 'firebase.storage' \(service\)/],
    ["rules_version = '3'; service cloud.firestore {}", /^1:17: expected '1' or '2'.*\(rules_version\)/],
    [wrap('import foo;'), /^4:5: unsupported statement in match block.*\(import\)/],
    ['service cloud.firestore { allow read; }', /^1:27: .*\(allow\)/],
    [wrap('match /a/{b} { allow read: if true }'), /^4:40: expected ';'.*\(allow\)/],
    [wrap('match /a/{b} { allow read: if unknownVar; }'), /^4:35: unknown variable 'unknownVar' \(unknownVar\)/],
    [wrap('match /a/{b} { allow read: if foo(); }'), /^4:35: unknown function 'foo' \(foo\)/],
    [wrap("match /a/{b} { allow read: if 'x'.frobnicate(); }"), /^4:39: unknown method 'frobnicate' \(frobnicate\(\)\)/],
    [wrap('match /a/{b} { allow read: if math.nope(1); }'), /^4:40: unknown function 'math.nope' \(math\.nope\)/],
    [wrap('match /a/{b} { allow read: if math == 1; }'), /^4:35: namespace 'math' used as a value \(math\)/],
    [wrap('match /a/{b} { allow read: if math.PI == 1; }'), /^4:40: .*\(math\.PI\)/],
    [wrap('match /a/{b} { allow read: if 1 is widget; }'), /^4:40: unknown type 'widget' \(is\)/],
    [wrap("match /a/{b} { allow read: if b'abc' == 1; }"), /^4:35: .*\(bytes literal\)/],
    [wrap("match /a/{b} { allow read: if 'abc == 1; }"), /^4:35: unterminated string \(string literal\)/],
    [wrap('match /a/{b} { allow read: if 1 # 2; }'), /^4:37: unexpected character '#' \(character\)/],
    [wrap('match /a/{b} { allow read: if 99999999999999999999 > 1; }'), /^4:35: .*\(int literal\)/],
    [wrap('match /a/{b=*} { allow read; }'), /^4:14: malformed wildcard.*\(match pattern\)/],
    [wrap('match a/{b} { allow read; }'), /^4:11: expected a path.*\(match\)/],
    [wrap('match /a/{b} { allow read: if let x = 1; }'), /^4:39: unknown variable 'let'|4:39/],
    [wrap('function f() { allow read; }'), /^4:20: expected 'let' or 'return'.*\(allow\)/],
    [wrap('function f() { return true; } match /a/{b} { allow read: if [f][0](); }'), /only named functions.*\(call\)/],
    [wrap('match /a/{b} { allow read: if true; } }'), /^6:1: expected end of file/],
    [wrap('/* unterminated'), /^4:5: unterminated block comment \(comment\)/],
  ])('%s', (source, message) => {
    const e = compileError(source);
    expect(e.message).toMatch(message);
    expect(e.line).toBeGreaterThan(0);
    expect(e.col).toBeGreaterThan(0);
  });

  it('never silently allows: a bad condition anywhere rejects the whole file', () => {
    expect(() => compileRules(wrap("match /a/{b} { allow read: if true; } match /c/{d} { allow write: if request.auth.uid.frob(); }"))).toThrow(RulesCompileError);
  });
});
