import { describe, expect, it } from 'vitest';
import { compileRules, RulesCompileError } from '../index.ts';
import { check, FakeAccess, outcome, request } from './helpers.ts';

describe('functions and let', () => {
  it('calls a function with parameters', () => {
    const fns = 'function isOwner(uid) { return request.auth != null && request.auth.uid == uid; }';
    expect(check("isOwner('alice')", { functions: fns })).toBe(true);
    expect(check("isOwner('bob')", { functions: fns })).toBe(false);
  });

  it('let bindings feed the return expression', () => {
    const fns = `function canEdit(owner) {
      let uid = request.auth.uid;
      let isOwner = uid == owner;
      return isOwner;
    }`;
    expect(check("canEdit('alice')", { functions: fns })).toBe(true);
    expect(check("canEdit('eve')", { functions: fns })).toBe(false);
  });

  it('an unused let that would fail does not deny (lets are lazy)', () => {
    const fns = 'function f() { let bad = resource.data.owner; return true; }';
    expect(check('f()', { functions: fns })).toBe(true);
  });

  it('a used let that fails is an error', () => {
    const fns = "function f() { let bad = resource.data.owner; return bad == 'x'; }";
    expect(outcome('f()', { functions: fns })).toBe('error');
  });

  it('functions see path variables of enclosing matches and call each other (hoisted)', () => {
    const r = compileRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function signedIn() { return request.auth != null; }
    match /agents/{agentId} {
      function isMine() { return signedIn() && isAgent(agentId); }
      function isAgent(id) { return exists(/databases/$(database)/documents/owners/$(request.auth.uid)/agents/$(id)); }
      match /kb/{docId} { allow read: if isMine(); }
    }
  }
}`);
    const access = new FakeAccess({ '/owners/alice/agents/a1': { x: 1 } });
    expect(r.authorize(request({ path: '/databases/(default)/documents/agents/a1/kb/k'}), access)).toBe(true);
    expect(r.authorize(request({ path: '/databases/(default)/documents/agents/a2/kb/k'}), access)).toBe(false);
  });

  it('a function cannot see variables of a match nested below it', () => {
    const src = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function f() { return agentId == 'a'; }
    match /agents/{agentId} { allow read: if f(); }
  }
}`;
    expect(() => compileRules(src)).toThrow(/4:27: unknown variable 'agentId'/);
  });

  it('wrong argument count and unknown functions fail to compile', () => {
    expect(() => check('f(1)', { functions: 'function f() { return true; }' })).toThrow(/takes 0 arguments/);
    expect(() => check('nope()')).toThrow(RulesCompileError);
    expect(() => check('nope()')).toThrow(/unknown function 'nope'/);
  });

  it('recursion fails to compile, as when deploying to Firestore', () => {
    expect(() => check('f(1)', { functions: 'function f(n) { return f(n + 1); }' })).toThrow(/recursive function call f → f \(function\)/);
    const mutual = 'function a() { return b(); } function b() { let x = a(); return x; }';
    expect(() => check('a()', { functions: mutual })).toThrow(/recursive function call a → b → a/);
  });

  it('deep but finite call chains within the limit work', () => {
    const chain = Array.from({ length: 10 }, (_, i) => `function f${i}() { return ${i === 9 ? 'true' : `f${i + 1}()`}; }`).join('\n');
    expect(check('f0()', { functions: chain })).toBe(true);
  });

  it('call chains deeper than 20 deny', () => {
    const chain = Array.from({ length: 25 }, (_, i) => `function f${i}() { return ${i === 24 ? 'true' : `f${i + 1}()`}; }`).join('\n');
    expect(check('f0()', { functions: chain })).toBe(false);
  });

  it('duplicate let or function names fail to compile', () => {
    expect(() => check('f()', { functions: 'function f() { let a = 1; let a = 2; return true; }' })).toThrow(/already defined/);
    expect(() => check('f()', { functions: 'function f() { return true; } function f() { return false; }' })).toThrow(/declared twice/);
  });
});
