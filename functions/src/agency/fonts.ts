// The theme font check: a family name is valid when the fonts service serves it at weights 400, 500 and 700
// (its css2 stylesheet answers 200), or, with GOOGLE_FONTS_API_KEY, when the Web Fonts Developer API lists it.
// `inherit` is always accepted. Locally GOOGLE_FONTS_BASE points at local/fakes/fonts.
import { FONT_WEIGHTS, isInheritFont } from '@parley/core';
import { fontsApiKey, fontsBase } from './config';

const cache = new Map<string, { valid: boolean; at: number }>();
const CACHE_MS = 10 * 60_000;

export function fontCheckUrl(family: string, base = fontsBase(), key = fontsApiKey()): string {
  const name = encodeURIComponent(family.trim()).replace(/%20/g, '+');
  if (key && base === 'https://fonts.googleapis.com') return `https://www.googleapis.com/webfonts/v1/webfonts?key=${encodeURIComponent(key)}&family=${name}`;
  if (key) return `${base}/webfonts/v1/webfonts?key=${encodeURIComponent(key)}&family=${name}`;
  return `${base}/css2?family=${name}:wght@${FONT_WEIGHTS.join(';')}&display=swap`;
}

/** Whether the font can be used; an unreachable fonts service counts as "not valid" (the owner can retry). */
export async function isValidFont(family: string, now = Date.now()): Promise<boolean> {
  const name = family.trim();
  if (isInheritFont(name)) return true;
  if (!name || name.length > 100 || !/^[A-Za-z0-9 +\-']+$/.test(name)) return false;
  const cached = cache.get(name.toLowerCase());
  if (cached && now - cached.at < CACHE_MS) return cached.valid;
  let valid = false;
  try {
    const res = await fetch(fontCheckUrl(name), { signal: AbortSignal.timeout(8_000) });
    if (res.ok && fontsApiKey()) {
      const body = (await res.json()) as { items?: { family?: string }[] };
      valid = (body.items ?? []).some((item) => item.family?.toLowerCase() === name.toLowerCase());
    } else {
      valid = res.ok;
      await res.body?.cancel();
    }
  } catch {
    return false;
  }
  cache.set(name.toLowerCase(), { valid, at: now });
  return valid;
}

export function clearFontCache(): void {
  cache.clear();
}
