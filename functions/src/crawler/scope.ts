// Which pages a job reads: pages of the start page's site (same scheme, host and port), without their #fragment,
// whose path passes the job's patterns (an include list, when set, lets only its matches in; an exclude match keeps
// a page out). A pattern is a path where `*` matches any characters; one without `*` matches that path and below it.
export interface Scope {
  origin: string;
  include: readonly string[];
  exclude: readonly string[];
}

const regexOf = (pattern: string): RegExp => {
  const body = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(pattern.includes('*') ? `^${body}$` : `^${body}(?:/.*)?$`);
};

export const matchesAny = (path: string, patterns: readonly string[]): boolean => patterns.some((p) => regexOf(p).test(path));

/** The page's address as a job keeps it (no fragment), or null when it is not an http(s) address. */
export function normalizePageUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  return url.href;
}

export function inScope(scope: Scope, pageUrl: string): boolean {
  const url = new URL(pageUrl);
  if (url.origin !== scope.origin) return false;
  const path = url.pathname;
  if (scope.include.length > 0 && !matchesAny(path, scope.include)) return false;
  return !matchesAny(path, scope.exclude);
}
