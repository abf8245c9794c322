// Renders the real widget on a dashboard page: the same one-tag loader a website uses.
import { useEffect } from 'react';
import { parleyConfig } from '../../lib/config';
import type { Region } from '@parley/core';

export function EmbeddedWidget({ agentId, region, renderMode }: { agentId: string; region: Region; renderMode?: string }) {
  useEffect(() => {
    const script = document.createElement('script');
    script.src = '/widget/loader.js';
    script.async = true;
    script.dataset.agentId = agentId;
    script.dataset.region = region;
    const apiBase = parleyConfig().apiBase;
    if (apiBase) script.dataset.api = apiBase;
    if (renderMode) script.dataset.renderMode = renderMode;
    document.body.appendChild(script);
    return () => {
      script.remove();
      document.getElementById(`parley-widget-${agentId}`)?.remove();
    };
  }, [agentId, region, renderMode]);
  return null;
}
