import { describe, expect, it } from 'vitest';
import { DEFAULT_PROACTIVE_MESSAGE } from '../constants/agent';
import { isBubbleDismissed, proactiveBubbleText, widgetRenderMode } from './widget';

describe('render mode', () => {
  it('keeps a known mode and opens anything else at the bottom right', () => {
    expect(widgetRenderMode('modal')).toBe('modal');
    expect(widgetRenderMode('bottom-left')).toBe('bottom-left');
    expect(widgetRenderMode('sideways')).toBe('bottom-right');
    expect(widgetRenderMode(undefined)).toBe('bottom-right');
  });
});

describe('proactive bubble', () => {
  it('shows the agent text, the default when it has none, and nothing when disabled or auto-started', () => {
    expect(proactiveBubbleText({ proactiveMessage: '  Need help?  ' })).toBe('Need help?');
    expect(proactiveBubbleText({})).toBe(DEFAULT_PROACTIVE_MESSAGE);
    expect(proactiveBubbleText({ proactiveMessage: ' ' })).toBe(DEFAULT_PROACTIVE_MESSAGE);
    expect(proactiveBubbleText({ proactiveMessage: 'none' })).toBeNull();
    expect(proactiveBubbleText({ proactiveMessage: 'Hi', autoStartWidget: true })).toBeNull();
  });

  it('stays dismissed for one day, then shows again', () => {
    const day = 24 * 60 * 60 * 1000;
    expect(isBubbleDismissed(1000, 1000 + day)).toBe(true);
    expect(isBubbleDismissed(1000, 1000 + day + 1)).toBe(false);
    expect(isBubbleDismissed(null, 0)).toBe(false);
    expect(isBubbleDismissed(Number.NaN, 0)).toBe(false);
  });
});
