// An agency custom tab inside a client dashboard. HTML tabs run in tab.html on the widget's own site, framed with
// sandbox="allow-scripts" and without allow-same-origin: an opaque origin, so the agency's script can reach
// neither the dashboard's session nor any site's storage. The tab's HTML and JS arrive by postMessage once the
// frame says it is ready. Iframe tabs frame the agency's URL (http(s) only) in the same sandbox.
import { Text } from '@mantine/core';
import type { CustomTab } from '@parley/core';
import { useEffect, useRef, useState } from 'react';
import { parleyConfig } from '../../lib/config';

/** The sandbox page on the widget site (a separate origin from every dashboard host). */
export function customTabSandboxUrl(): string {
  const config = parleyConfig();
  const origin = config.widgetOrigin ?? `https://${config.firebase.projectId}-widget.web.app`;
  return `${origin.replace(/\/$/, '')}/widget/tab.html`;
}

const safeFrameUrl = (url: string | undefined): string | null => (url && /^https?:\/\//i.test(url.trim()) ? url.trim() : null);

export function CustomTabFrame({ tab }: { tab: CustomTab }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(600);

  useEffect(() => {
    if (tab.pageType !== 'html') return;
    function onMessage(event: MessageEvent) {
      const win = frame.current?.contentWindow;
      if (!win || event.source !== win) return;
      const data = event.data as { type?: string; height?: number } | null;
      // The frame's origin is opaque ("null"), so the content is posted to '*': it is the tab's own code.
      if (data?.type === 'custom-tab-ready') win.postMessage({ type: 'custom-tab-content', html: tab.htmlContent, js: tab.jsContent }, '*');
      if (data?.type === 'custom-tab-height' && typeof data.height === 'number') setHeight(Math.min(Math.max(data.height, 200), 10_000));
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [tab.pageType, tab.htmlContent, tab.jsContent]);

  if (tab.pageType === 'iframe') {
    const src = safeFrameUrl(tab.iframeUrl);
    if (!src) return <Text c="dimmed">This tab has no page yet.</Text>;
    return <iframe title={tab.label || 'Custom tab'} src={src} sandbox="allow-scripts allow-forms allow-popups" style={{ border: 0, width: '100%', height: '80vh' }} />;
  }
  return (
    <iframe
      key={`${tab.htmlContent}\u0000${tab.jsContent}`}
      ref={frame}
      title={tab.label || 'Custom tab'}
      src={customTabSandboxUrl()}
      sandbox="allow-scripts"
      referrerPolicy="no-referrer"
      style={{ border: 0, width: '100%', height }}
    />
  );
}
