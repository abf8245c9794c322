// A page's main content, as Firefox's Reader View finds it (@mozilla/readability on a server-side DOM, linkedom),
// so menus, headers and footers stay out of the knowledge base; and its links (read before Readability rewrites
// the document). A page Readability finds nothing in gives its whole body's text.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { htmlToText } from '../knowledge';
import { normalizePageUrl } from './scope';

/** What is read of a link (linkedom's elements; the DOM's own types differ between workspaces' libs). */
interface Anchor {
  getAttribute(name: string): string | null;
}

export interface ExtractedPage {
  title: string;
  text: string;
  links: string[];
}

export function extractPage(html: string, pageUrl: string): ExtractedPage {
  const { document } = parseHTML(html);
  const links = Array.from(document.querySelectorAll('a[href]') as ArrayLike<Anchor>)
    .filter((a) => !/\bnofollow\b/i.test(a.getAttribute('rel') ?? ''))
    .map((a) => normalizePageUrl(a.getAttribute('href') ?? '', pageUrl))
    .filter((u): u is string => !!u);
  const pageTitle = (document.querySelector('title')?.textContent ?? '').trim();
  const bodyHtml = document.body?.innerHTML ?? html;
  // Readability reads every page, however short (its default threshold is for articles).
  const article = new Readability(document as unknown as Document, { charThreshold: 0 }).parse();
  const text = htmlToText(article?.content || bodyHtml);
  return { title: (pageTitle || article?.title || pageUrl).slice(0, 200), text, links: [...new Set(links)] };
}
