import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ParleyConfig } from '../../lib/config';
import { INTRO_DISMISSED_KEY, IntroVideo, introVideoSource } from './IntroVideo';

const base: ParleyConfig = { firebase: { apiKey: 'k', authDomain: 'p.firebaseapp.com', projectId: 'p' }, functionsRegion: 'us-central1', apiBase: '' };
const renderIntro = () => render(<MantineProvider env="test"><IntroVideo /></MantineProvider>);

afterEach(() => {
  delete window.__PARLEY_CONFIG__;
});

describe('IntroVideo', () => {
  it('plays the configured video in a sandboxed player; dismissed, it stays hidden after a reload', () => {
    window.__PARLEY_CONFIG__ = { ...base, agencyIntroVideoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
    const first = renderIntro();
    const player = screen.getByTitle('Agency intro video');
    expect(player.tagName).toBe('IFRAME');
    expect(player.getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(player.getAttribute('sandbox')?.split(' ').sort()).toEqual(['allow-presentation', 'allow-same-origin', 'allow-scripts']);
    expect(player.getAttribute('allow')).toBe('fullscreen');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss intro video' }));
    expect(screen.queryByTitle('Agency intro video')).toBeNull();
    expect(localStorage.getItem(INTRO_DISMISSED_KEY)).toBe('1');

    first.unmount();
    renderIntro();
    expect(screen.queryByTitle('Agency intro video')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dismiss intro video' })).toBeNull();
  });

  it('plays a direct video file with controls', () => {
    window.__PARLEY_CONFIG__ = { ...base, agencyIntroVideoUrl: 'https://cdn.example.com/intro.webm' };
    renderIntro();
    const video = screen.getByLabelText('Agency intro video');
    expect(video.tagName).toBe('VIDEO');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('src')).toBe('https://cdn.example.com/intro.webm');
  });

  it('keeps the short text intro without a video', () => {
    window.__PARLEY_CONFIG__ = base;
    renderIntro();
    expect(screen.getByText(/your clients sign in to a dashboard that carries only your brand/)).toBeTruthy();
    expect(screen.queryByTitle('Agency intro video')).toBeNull();
  });

  it('turns page links into player URLs and refuses anything but http(s)', () => {
    expect(introVideoSource('https://youtu.be/abc-123')).toEqual({ kind: 'embed', src: 'https://www.youtube.com/embed/abc-123' });
    expect(introVideoSource('https://vimeo.com/76979871')).toEqual({ kind: 'embed', src: 'https://player.vimeo.com/video/76979871' });
    expect(introVideoSource('https://player.vimeo.com/video/76979871')).toEqual({ kind: 'embed', src: 'https://player.vimeo.com/video/76979871' });
    expect(introVideoSource('http://localhost:5000/intro.MP4')).toEqual({ kind: 'file', src: 'http://localhost:5000/intro.MP4' });
    expect(introVideoSource('javascript:alert(1)')).toBeNull();
    expect(introVideoSource('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(introVideoSource(undefined)).toBeNull();
  });
});
