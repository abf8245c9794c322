/**
 * RE2 patterns (as the rules language uses them) run through JS RegExp.
 * Patterns are compiled once and cached; features RE2 lacks (lookaround,
 * backreferences) are refused so a rule cannot pass here and fail in production.
 */
import { fail } from './errors.ts';

interface Compiled {
  full: RegExp;
  global: RegExp;
}

const cache = new Map<string, Compiled>();
const CACHE_LIMIT = 1000;

export function compileRegex(pattern: string): Compiled {
  const hit = cache.get(pattern);
  if (hit) return hit;
  const compiled = translate(pattern);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

function translate(pattern: string): Compiled {
  let body = pattern;
  let flags = '';
  const lead = /^\(\?([imsU]+)\)/.exec(body);
  if (lead) {
    if ((lead[1] as string).includes('U')) fail('regex flag U is not supported');
    flags = [...new Set(lead[1] as string)].join('');
    body = body.slice(lead[0].length);
  }
  if (/\(\?[=!]|\(\?<[=!]/.test(body)) fail('regex lookaround is not supported by RE2');
  if (/(^|[^\\])(\\\\)*\\[1-9]/.test(body)) fail('regex backreferences are not supported by RE2');
  body = body
    .replace(/\(\?P</g, '(?<')
    .replace(/\\A/g, '^')
    .replace(/\\z/g, '$')
    .replace(/\\([pP])([A-Za-z])/g, '\\$1{$2}');
  const attempt = (extra: string): Compiled => ({
    full: new RegExp(`^(?:${body})$`, flags + extra),
    global: new RegExp(body, flags + extra + 'g'),
  });
  try {
    return attempt('u');
  } catch {
    try {
      return attempt('');
    } catch {
      return fail(`invalid regular expression '${pattern}'`);
    }
  }
}
