// The stand-in website's starting pages: a small café site whose pages link to each other, with a menu and a
// footer on every page (what a crawler's content extraction must leave out) and one page robots.txt forbids.

export interface SitePage {
  title: string;
  /** The page's own text, placed inside <main>. */
  body: string;
}

export const INITIAL_PAGES: Record<string, SitePage> = {
  '/': {
    title: 'Harbor Coffee',
    body: '<h1>Harbor Coffee</h1><p>Harbor Coffee roasts its beans by the old harbour since 2011.</p><p>See our <a href="/menu">menu</a>, our <a href="/hours">opening hours</a> or <a href="/contact">contact us</a>.</p>',
  },
  '/menu': {
    title: 'Menu · Harbor Coffee',
    body: '<h1>Menu</h1><p>Espresso costs 2.50 euros, a flat white 3.80 euros and a slice of lemon cake 4 euros.</p><p>Back to the <a href="/">home page</a>.</p>',
  },
  '/hours': {
    title: 'Opening hours · Harbor Coffee',
    body: '<h1>Opening hours</h1><p>Our shop opens at nine in the morning and closes at six in the evening, Monday to Saturday.</p>',
  },
  '/contact': {
    title: 'Contact · Harbor Coffee',
    body: '<h1>Contact</h1><p>Write to hello@harbor-coffee.example or call +44 20 7946 0000.</p>',
  },
  '/private/staff': {
    title: 'Staff only',
    body: '<h1>Staff rota</h1><p>This page is disallowed by robots.txt and must never be crawled.</p>',
  },
};

const NAV = '<nav><a href="/">Home</a> <a href="/menu">Menu</a> <a href="/hours">Hours</a> <a href="/contact">Contact</a></nav>';
const FOOTER = '<footer><p>© Harbor Coffee · Cookie settings · Imprint</p></footer>';

export function pageHtml(page: SitePage): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${page.title}</title></head><body><header>${NAV}</header><main>${page.body}</main>${FOOTER}</body></html>`;
}
