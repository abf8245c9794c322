// Sitemaps (the ones robots.txt names, else /sitemap.xml), read through the safe fetch: each page's address and
// its lastmod. A sitemap index is followed one level, at most MAX_SITEMAPS files; a sitemap that cannot be read
// leaves the run to the links it finds.
import { safeFetch } from '../safe-fetch';
import { CRAWLER_USER_AGENT, PAGE_FETCH } from './fetch-page';
import { normalizePageUrl } from './scope';

const MAX_SITEMAPS = 10;

const decodeXml = (text: string) =>
  text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").trim();

const tagText = (xml: string, tag: string): string | null => {
  const match = new RegExp(`<(?:\\w+:)?${tag}\\b[^>]*>([\\s\\S]*?)</(?:\\w+:)?${tag}>`, 'i').exec(xml);
  return match ? decodeXml(match[1]!) : null;
};

const blocks = (xml: string, tag: string): string[] => xml.match(new RegExp(`<(?:\\w+:)?${tag}\\b[\\s\\S]*?</(?:\\w+:)?${tag}>`, 'gi')) ?? [];

/** Each listed page's address and lastmod (null when the sitemap gives none). */
export function parseSitemap(xml: string): { pages: Map<string, string | null>; sitemaps: string[] } {
  const pages = new Map<string, string | null>();
  for (const block of blocks(xml, 'url')) {
    const loc = tagText(block, 'loc');
    const url = loc ? normalizePageUrl(loc) : null;
    if (url) pages.set(url, tagText(block, 'lastmod'));
  }
  const sitemaps = blocks(xml, 'sitemap').map((b) => tagText(b, 'loc')).filter((u): u is string => !!u);
  return { pages, sitemaps };
}

export async function readSitemaps(urls: readonly string[]): Promise<Map<string, string | null>> {
  const pages = new Map<string, string | null>();
  const queue = [...new Set(urls)];
  const seen = new Set<string>();
  while (queue.length > 0 && seen.size < MAX_SITEMAPS) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    try {
      const res = await safeFetch(url, { ...PAGE_FETCH, headers: { 'user-agent': CRAWLER_USER_AGENT, accept: 'application/xml,text/xml,*/*;q=0.5' } });
      if (!res.ok) continue;
      const parsed = parseSitemap(res.body.toString('utf8'));
      for (const [page, lastmod] of parsed.pages) pages.set(page, lastmod);
      queue.push(...parsed.sitemaps);
    } catch {
      // Unreadable now: the links still lead to the pages.
    }
  }
  return pages;
}
