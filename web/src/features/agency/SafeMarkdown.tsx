// Branding text is markdown written by the agency and shown to its clients. react-markdown builds React elements
// and never renders raw HTML (it shows as text), so no markup or script in it runs; only a small set of elements
// is kept, and a link keeps its target only when it is http(s) or mailto.
import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';

const ALLOWED_ELEMENTS = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'strong', 'em', 'code', 'a', 'br', 'blockquote'];

/** The link allowlist: http(s) and mailto only. */
const safeLink = (href: string): string | null => (/^(https?:\/\/|mailto:)/i.test(href.trim()) ? href.trim() : null);

// The branding sits under the page's own title: its headings start three levels down (# is h3, ## h4, the rest h5).
const components: Components = {
  h1: ({ children }) => <h3>{children}</h3>,
  h2: ({ children }) => <h4>{children}</h4>,
  h3: ({ children }) => <h5>{children}</h5>,
  h4: ({ children }) => <h5>{children}</h5>,
  h5: ({ children }) => <h5>{children}</h5>,
  h6: ({ children }) => <h5>{children}</h5>,
  a: ({ href, children }): ReactNode => {
    const target = href ? safeLink(href) : null;
    return target ? (
      <a href={target} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <>{children}</>
    );
  },
};

export function SafeMarkdown({ text }: { text: string }) {
  return (
    <div className="agency-markdown">
      <Markdown allowedElements={ALLOWED_ELEMENTS} unwrapDisallowed components={components} urlTransform={(url) => safeLink(url) ?? ''}>
        {text}
      </Markdown>
    </div>
  );
}
