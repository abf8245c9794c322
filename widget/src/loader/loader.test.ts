import { describe, expect, it, vi } from 'vitest';
import { testAgent, resetPageEachTest } from '../../testing/loader-dom';
import type { WidgetAgent } from '../chat/api';
import { boot, dismissKey, mountLauncher, optionsFromScript, type LoaderOptions } from './index';
import { mountDeferred } from './deferred';
import { agentFromParams } from '../shared/handoff';
import { widgetOrigins } from '../shared/origins';

const opts: LoaderOptions = { agentId: 'A1', region: 'na', apiBase: 'https://api.example', widgetBase: 'https://api.example/widget', loaderBase: 'https://api.example/widget' };
const agent = testAgent;
const shadow = (host: HTMLElement) => host.shadowRoot!;
/** The launcher with its deferred part (bubble, panel) at hand, as once loader-deferred.js has arrived. */
const mount = (a: WidgetAgent, o: LoaderOptions = opts) => mountLauncher(window, a, o, () => mountDeferred);

resetPageEachTest();

describe('loader', () => {
  it('reads the one-tag options from the script element', () => {
    const script = document.createElement('script');
    script.src = 'https://cdn.parley.example/widget/loader.js';
    script.dataset.agentId = 'AGENT123';
    script.dataset.region = 'eu';
    expect(optionsFromScript(script)).toEqual({
      agentId: 'AGENT123', region: 'eu', apiBase: 'https://cdn.parley.example', widgetBase: 'https://cdn.parley.example/widget',
      loaderBase: 'https://cdn.parley.example/widget', mode: undefined,
    });
  });

  it('frames the published chat from its own origin, not from the dashboard that serves the loader', () => {
    const script = document.createElement('script');
    script.src = 'https://app.parley.example/widget/loader.js';
    script.dataset.agentId = 'AGENT123';
    const published = widgetOrigins('https://chat.parley.example https://app.parley.example');
    expect(optionsFromScript(script, published)).toMatchObject({
      apiBase: 'https://app.parley.example', widgetBase: 'https://chat.parley.example/widget', loaderBase: 'https://app.parley.example/widget',
    });
  });

  it('posts to the chat’s origin only, and hears only the chat’s origin', () => {
    const launcher = mount(agent({ proactiveMessage: 'none' }), { ...opts, widgetBase: 'https://chat.parley.example/widget' });
    // Warm the frame up, then stand in for its window (happy-dom loads no frame pages).
    shadow(launcher.host).querySelector('.btn')!.dispatchEvent(new Event('pointerenter'));
    const posted = vi.fn();
    const frame = { postMessage: posted } as unknown as Window;
    Object.defineProperty(shadow(launcher.host).querySelector('iframe')!, 'contentWindow', { value: frame });
    const fromChat = (data: unknown, origin = 'https://chat.parley.example') => window.dispatchEvent(new MessageEvent('message', { data, origin, source: frame }));
    // A 'ready' from another origin is not the chat: it gets nothing.
    fromChat({ parley: 'ready' }, 'https://evil.example');
    expect(posted).not.toHaveBeenCalled();
    fromChat({ parley: 'ready' });
    expect(posted).toHaveBeenCalledWith({ parley: 'agent', agent: agent({ proactiveMessage: 'none' }) }, 'https://chat.parley.example');
    launcher.open();
    expect(posted).toHaveBeenCalledWith({ parley: 'opened' }, 'https://chat.parley.example');
    expect(posted.mock.calls.every(([, target]) => target === 'https://chat.parley.example')).toBe(true);
    // Another page on the site (or a frame it hosts) cannot drive the widget by posting as the chat.
    fromChat({ parley: 'close' }, 'https://evil.example');
    expect(launcher.isOpen()).toBe(true);
    fromChat({ parley: 'close' });
    expect(launcher.isOpen()).toBe(false);
  });

  it('tells a chat opened before it was ready once it says so, and where the page went meanwhile', () => {
    const launcher = mount(agent({ proactiveMessage: 'none', listenForUrlChanges: true }), { ...opts, widgetBase: 'https://chat.parley.example/widget' });
    launcher.open();
    const posted = vi.fn();
    const frame = { postMessage: posted } as unknown as Window;
    Object.defineProperty(shadow(launcher.host).querySelector('iframe')!, 'contentWindow', { value: frame });
    history.pushState(null, '', '/pricing');
    expect(posted).not.toHaveBeenCalled();
    window.dispatchEvent(new MessageEvent('message', { data: { parley: 'ready' }, origin: 'https://chat.parley.example', source: frame }));
    expect(posted).toHaveBeenCalledWith({ parley: 'opened' }, 'https://chat.parley.example');
    expect(posted).toHaveBeenCalledWith({ parley: 'url', url: `${location.origin}/pricing` }, 'https://chat.parley.example');
    history.pushState(null, '', '/checkout');
    expect(posted).toHaveBeenLastCalledWith({ parley: 'url', url: `${location.origin}/checkout` }, 'https://chat.parley.example');
    history.pushState(null, '', '/');
  });

  it('renders nothing when the agent is not found', async () => {
    vi.useRealTimers();
    const script = document.createElement('script');
    script.src = 'https://api.example/widget/loader.js';
    script.dataset.agentId = 'missing';
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ success: false, error: 'This widget does not exist.' }), { status: 404 }));
    expect(await boot(window, script, fetchImpl as unknown as typeof fetch)).toBeNull();
    expect(fetchImpl).toHaveBeenCalledWith('https://api.example/public/agents/missing?region=na');
    expect(document.body.children).toHaveLength(0);
  });

  it('sends chat messages to the streaming URL the API names (Hosting buffers streams)', async () => {
    vi.useRealTimers();
    const script = document.createElement('script');
    script.src = 'https://app.example/widget/loader.js';
    script.dataset.agentId = 'A1';
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ success: true, data: agent(), streamBase: 'https://us-central1-p.cloudfunctions.net/api' })));
    const launcher = (await boot(window, script, fetchImpl as unknown as typeof fetch, () => mountDeferred))!;
    launcher.open();
    const params = new URLSearchParams(new URL(shadow(launcher.host).querySelector('iframe')!.src).hash.slice(1));
    expect(params.get('stream')).toBe('https://us-central1-p.cloudfunctions.net/api');
    expect(params.get('api')).toBe('https://app.example');
  });

  it('shows the proactive bubble with a badge after 1 s, not before', () => {
    const launcher = mount(agent({ proactiveMessage: 'Need help choosing a plan?' }), opts);
    const root = shadow(launcher.host);
    vi.advanceTimersByTime(999);
    expect(root.querySelector('.bubble')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(root.querySelector('.bubble')?.textContent).toContain('Need help choosing a plan?');
    expect(root.querySelector('.badge')?.textContent).toBe('1');
  });

  it('remembers a dismissal for a day, then shows the bubble again', () => {
    const first = mount(agent(), opts);
    vi.advanceTimersByTime(1000);
    (shadow(first.host).querySelector('.bubble .x') as HTMLButtonElement).click();
    expect(shadow(first.host).querySelector('.bubble')).toBeNull();
    const dismissedAt = Number(localStorage.getItem(dismissKey('A1')));
    expect(dismissedAt).toBeGreaterThan(0);
    first.host.remove();

    const again = mount(agent(), opts);
    vi.advanceTimersByTime(1500);
    expect(shadow(again.host).querySelector('.bubble')).toBeNull();
    again.host.remove();

    localStorage.setItem(dismissKey('A1'), String(Date.now() - 24 * 60 * 60 * 1000 - 1));
    const later = mount(agent(), opts);
    vi.advanceTimersByTime(1000);
    expect(shadow(later.host).querySelector('.bubble')).not.toBeNull();
  });

  it('hides the bubble when proactiveMessage is none, on auto-start, and when the chat is open', () => {
    const none = mount(agent({ proactiveMessage: 'none' }), opts);
    vi.advanceTimersByTime(2000);
    expect(shadow(none.host).querySelector('.bubble')).toBeNull();

    const auto = mount(agent({ autoStartWidget: true }), opts);
    vi.advanceTimersByTime(2000);
    expect(auto.isOpen()).toBe(true);
    expect(shadow(auto.host).querySelector('.bubble')).toBeNull();

    const opened = mount(agent(), opts);
    opened.open();
    vi.advanceTimersByTime(2000);
    expect(shadow(opened.host).querySelector('.bubble')).toBeNull();
  });

  it('loads the chat iframe only when opened, with the agent and region', () => {
    const launcher = mount(agent(), opts);
    const root = shadow(launcher.host);
    expect(root.querySelector('iframe')).toBeNull();
    (root.querySelector('.btn') as HTMLButtonElement).click();
    const iframe = root.querySelector('iframe')!;
    const url = new URL(iframe.src);
    expect(url.origin + url.pathname).toBe('https://api.example/widget/chat.html');
    const params = new URLSearchParams(url.hash.slice(1));
    expect(params.get('agent')).toBe('A1');
    expect(params.get('region')).toBe('na');
    expect(root.querySelector('.panel')!.classList.contains('open')).toBe(true);
    (root.querySelector('.btn') as HTMLButtonElement).click();
    expect(launcher.isOpen()).toBe(false);
  });

  it('hands the agent to the chat in the URL fragment, and says whether a click created it', () => {
    const clicked = mount(agent({ proactiveMessage: 'none' }), opts);
    (shadow(clicked.host).querySelector('.btn') as HTMLButtonElement).click();
    const params = new URLSearchParams(new URL(shadow(clicked.host).querySelector('iframe')!.src).hash.slice(1));
    expect(agentFromParams(params, 'A1')).toEqual(agent({ proactiveMessage: 'none' }));
    expect(params.get('open')).toBe('1');
    clicked.host.remove();

    // Warmed up on pointer-enter: the chat renders but waits for 'opened' before starting the conversation.
    const hovered = mount(agent(), opts);
    shadow(hovered.host).querySelector('.btn')!.dispatchEvent(new Event('pointerenter'));
    const warm = new URLSearchParams(new URL(shadow(hovered.host).querySelector('iframe')!.src).hash.slice(1));
    expect(agentFromParams(warm, 'A1')?.title).toBe('Helper');
    expect(warm.get('open')).toBeNull();
    expect(hovered.isOpen()).toBe(false);
    hovered.host.remove();

    // Keyboard focus on the button warms it up the same way.
    const focused = mount(agent(), opts);
    (shadow(focused.host).querySelector('.btn') as HTMLButtonElement).focus();
    expect(new URL(shadow(focused.host).querySelector('iframe')!.src).hash).toContain('agent=A1');
    expect(focused.isOpen()).toBe(false);
    focused.host.remove();

    // Too large for a URL (big custom CSS): the chat gets it by postMessage instead.
    const big = mount(agent({ ADVANCED_customCSS: 'x'.repeat(40_000) }), opts);
    big.open();
    const bigParams = new URLSearchParams(new URL(shadow(big.host).querySelector('iframe')!.src).hash.slice(1));
    expect(bigParams.get('agent')).toBe('A1');
    expect(agentFromParams(bigParams, 'A1')).toBeNull();
  });

  it('places the button and panel by render mode and colours them with the theme', () => {
    const left = mount(agent(), { ...opts, mode: 'bottom-left' });
    expect(shadow(left.host).querySelector('.btn')!.classList.contains('l')).toBe(true);
    left.open();
    expect(shadow(left.host).querySelector('.panel')!.classList.contains('p-bottom-left')).toBe(true);
    expect((shadow(left.host).querySelector('.btn') as HTMLElement).style.background).toContain('#16a34a');
    left.host.remove();

    const modal = mount(agent(), { ...opts, mode: 'modal' });
    modal.open();
    expect(shadow(modal.host).querySelector('.backdrop')!.classList.contains('open')).toBe(true);
    (shadow(modal.host).querySelector('.backdrop') as HTMLElement).click();
    expect(modal.isOpen()).toBe(false);
    modal.host.remove();

    const full = mount(agent(), { ...opts, mode: 'full-width' });
    full.open();
    expect(shadow(full.host).querySelector('.panel')!.classList.contains('p-full-width')).toBe(true);
  });

  it('opens a popup window in popup mode', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const popup = mount(agent(), { ...opts, mode: 'popup' });
    popup.open();
    expect(open).toHaveBeenCalledWith(expect.stringContaining('https://api.example/widget/chat.html#'), 'parley-A1', 'width=420,height=680');
  });
});
