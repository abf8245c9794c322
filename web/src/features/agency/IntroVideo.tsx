// The Overview's intro card: the platform's intro video (agencyIntroVideoUrl in parley-config.js) or, without one,
// a short text intro. Dismissing it is remembered in this browser.
import { Alert, AspectRatio, Text } from '@mantine/core';
import { useState } from 'react';
import { parleyConfig } from '../../lib/config';

export const INTRO_DISMISSED_KEY = 'agencyIntroVideoDismissed';
export const INTRO_VIDEO_TITLE = 'Agency intro video';

export type IntroVideoSource = { kind: 'file' | 'embed'; src: string };

/**
 * A direct .mp4/.webm plays in <video>; anything else is an embeddable player page. YouTube and Vimeo page links
 * become their player URLs, since the pages themselves refuse to be framed. Non-http(s) URLs give null.
 */
export function introVideoSource(url: string | undefined): IntroVideoSource | null {
  let parsed: URL;
  try {
    parsed = new URL(url ?? '');
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (/\.(mp4|webm)$/i.test(parsed.pathname)) return { kind: 'file', src: parsed.href };
  const host = parsed.hostname.replace(/^(www|m)\./, '');
  const youtubeId = host === 'youtu.be' ? parsed.pathname.slice(1) : host === 'youtube.com' && parsed.pathname === '/watch' ? parsed.searchParams.get('v') : null;
  if (youtubeId && /^[\w-]+$/.test(youtubeId)) return { kind: 'embed', src: `https://www.youtube.com/embed/${youtubeId}` };
  const vimeoId = host === 'vimeo.com' ? /^\/(\d+)\/?$/.exec(parsed.pathname)?.[1] : null;
  if (vimeoId) return { kind: 'embed', src: `https://player.vimeo.com/video/${vimeoId}` };
  return { kind: 'embed', src: parsed.href };
}

function Player({ source }: { source: IntroVideoSource }) {
  return (
    <AspectRatio ratio={16 / 9} mt="xs">
      {source.kind === 'file' ? (
        <video src={source.src} controls preload="metadata" title={INTRO_VIDEO_TITLE} aria-label={INTRO_VIDEO_TITLE} />
      ) : (
        // The player runs its own scripts on its own origin; it gets nothing else (no top navigation, popups or forms).
        <iframe src={source.src} title={INTRO_VIDEO_TITLE} allow="fullscreen" allowFullScreen loading="lazy" referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation" style={{ border: 0 }} />
      )}
    </AspectRatio>
  );
}

export function IntroVideo({ url = parleyConfig().agencyIntroVideoUrl }: { url?: string }) {
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(INTRO_DISMISSED_KEY) === '1');
  if (dismissed) return null;
  const source = introVideoSource(url);
  return (
    <Alert title="Intro: your white-label dashboard" variant="light" withCloseButton closeButtonLabel="Dismiss intro video"
      onClose={() => { localStorage.setItem(INTRO_DISMISSED_KEY, '1'); setDismissed(true); }}>
      {source ? (
        <Player source={source} />
      ) : (
        <Text size="sm">
          Name your agency, add your logos, connect your own domain and e-mail domain, pick your colours, and your clients sign in to a
          dashboard that carries only your brand.
        </Text>
      )}
    </Alert>
  );
}
