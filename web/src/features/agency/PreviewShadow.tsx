// The live preview's own document scope: a shadow root that carries copies of the page's stylesheets (so Mantine
// draws the preview as in the dashboard) plus whatever the preview renders into it, such as the agency's custom
// CSS. That CSS is the agency's own input: selectors inside a shadow root match only the preview, never the
// dashboard around it, and the wrapper's paint containment keeps even `:host` rules or fixed positioning inside
// the preview's box.
import { Box } from '@mantine/core';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

// The preview's font link is left out: fonts load once for the whole page.
const PAGE_STYLES = 'style, link[rel="stylesheet"]:not([data-agency-preview-font])';
const SCHEME = 'data-mantine-color-scheme';

/**
 * The page's copied stylesheets reset Mantine's variables on `:host` to their defaults; the app theme's own values
 * (MantineProvider's `:root` style, in the body) are restated for the host so the preview keeps the page's theme.
 */
function themeVariables(): HTMLStyleElement {
  const css = Array.from(document.querySelectorAll('style[data-mantine-styles]'), (s) => s.textContent ?? '').join('\n');
  return Object.assign(document.createElement('style'), { textContent: css.replace(/:root\[([^\]]+)\]/g, ':host([$1])').replace(/:root/g, ':host') });
}

export function PreviewShadow({ children }: { children: ReactNode }) {
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const [mount, setMount] = useState<HTMLDivElement | null>(null);

  useLayoutEffect(() => {
    if (!host) return;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    const pageStyles = document.createElement('div');
    pageStyles.hidden = true;
    const content = document.createElement('div');
    root.replaceChildren(pageStyles, content);
    // Styles come and go with lazily loaded chunks (and the colour scheme can switch): follow the page's head.
    const sync = () => {
      pageStyles.replaceChildren(...Array.from(document.head.querySelectorAll(PAGE_STYLES), (node) => node.cloneNode(true)), themeVariables());
      // Mantine's scheme rules look for this attribute on the host and on an ancestor inside the shadow root.
      const scheme = document.documentElement.getAttribute(SCHEME) ?? 'light';
      host.setAttribute(SCHEME, scheme);
      content.setAttribute(SCHEME, scheme);
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(document.head, { childList: true });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: [SCHEME] });
    setMount(content);
    return () => {
      observer.disconnect();
      setMount(null);
    };
  }, [host]);

  return (
    <Box style={{ contain: 'layout paint', overflow: 'hidden', isolation: 'isolate', position: 'relative' }}>
      <div ref={setHost} data-testid="preview-shadow-host" />
      {mount && createPortal(children, mount)}
    </Box>
  );
}
