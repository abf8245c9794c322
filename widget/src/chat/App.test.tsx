import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ChatApi, type WidgetAgent } from './api';
import { App } from './App';
import { wordsFor, resolveLang } from './i18n';
import { ChatSession } from './session';

function api(overrides: Partial<ChatApi> = {}): ChatApi {
  return {
    agent: async () => ({ ID: 'A' }),
    usage: async () => true,
    send: async (body) => ({ conversationId: String(body.conversationId), parts: body.action === 'launch' ? ['Hello from the bakery'] : ['Reply'], sources: body.action === 'launch' ? [] : [{ title: 'faq.txt', excerpt: '', score: 0.9 }], responder: 'llm', control: 'ai', messageDelayMS: 0, failed: false }),
    poll: async () => ({ exists: false, control: 'ai', handoffRequested: false, updatedAt: 0, messages: [] }),
    handoff: vi.fn(async () => undefined),
    page: async () => undefined,
    lead: vi.fn(async () => undefined),
    analytics: async () => undefined,
    ip: async () => null,
    webCall: async () => ({ callId: 'call-1', webCallUrl: 'http://127.0.0.1:9414/__web/call-1' }),
    ...overrides,
  };
}

let host: HTMLElement;
afterEach(() => {
  render(null, host);
  host.remove();
});

async function mount(fields: Partial<WidgetAgent>, chatApi = api()) {
  const agent: WidgetAgent = { ID: 'A', ...fields };
  host = document.createElement('div');
  document.body.appendChild(host);
  const session = new ChatSession(chatApi, { agentId: 'A', storage: null, lang: 'en', messageDelayMS: 0, sleep: async () => undefined });
  await act(async () => {
    render(<App agent={agent} session={session} words={wordsFor('en')} pollMs={60_000} />, host);
  });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  return session;
}

describe('chat view', () => {
  it('shows the title, the launch message, and a reply with its sources', async () => {
    await mount({ title: 'Bakery helper' });
    expect(host.querySelector('h1')?.textContent).toBe('Bakery helper');
    expect(host.textContent).toContain('Hello from the bakery');
    const textarea = host.querySelector('textarea')!;
    await act(async () => {
      textarea.value = 'When do you open?';
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      host.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(host.textContent).toContain('When do you open?');
    expect(host.textContent).toContain('Reply');
    expect(host.querySelector('.src')?.textContent).toBe('Sources: faq.txt');
  });

  it('shows the handoff card with the agent titles when alwaysShowHandoff is on, and raises a request', async () => {
    const chatApi = api();
    await mount({ alwaysShowHandoff: true, UIhandoffTitle: 'Talk to Ana', UIhandoffSubtitle: 'She answers in minutes' }, chatApi);
    expect(host.querySelector('.handoff strong')?.textContent).toBe('Talk to Ana');
    expect(host.querySelector('.handoff small')?.textContent).toBe('She answers in minutes');
    await act(async () => {
      (host.querySelector('.handoff button') as HTMLButtonElement).click();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(chatApi.handoff).toHaveBeenCalledTimes(1);
    expect(host.querySelector('.handoff')).toBeNull();
    expect(host.textContent).toContain('We have let the team know');
  });

  it('hides the handoff card when handoff is not enabled', async () => {
    await mount({});
    expect(host.querySelector('.handoff')).toBeNull();
  });

  it('disables the input with the stop message when the agent cannot continue', async () => {
    const session = await mount({});
    await act(async () => session.stop('This assistant has reached its usage limit and cannot reply right now. Please try again later.'));
    expect(host.querySelector('[role=alert]')?.textContent).toContain('usage limit');
    expect(host.querySelector('textarea')!.disabled).toBe(true);
  });

  it('uses the browser language when lang is automatic', () => {
    expect(resolveLang('automatic', 'fr-FR')).toBe('fr-FR');
    expect(wordsFor(resolveLang('automatic', 'fr-FR')).send).toBe('Envoyer');
    expect(resolveLang('de', 'fr-FR')).toBe('de');
  });
});

describe('powered by', () => {
  const brand = () => host.querySelector('.brand');

  it('names Parley when the owner runs no agency', async () => {
    await mount({});
    expect(brand()?.textContent).toBe('Powered by Parley');
    expect(brand()?.querySelector('a')).toBeNull();
  });

  it("names the owner's agency, linking to its website in a new tab, and nothing of Parley", async () => {
    await mount({ poweredBy: { name: 'Acme Studio', url: 'https://acme.example/' } });
    expect(brand()?.textContent).toBe('Powered by Acme Studio');
    const link = brand()!.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://acme.example/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(host.textContent).not.toContain('Parley');
  });

  it('names the agency as plain text when it has no website', async () => {
    await mount({ poweredBy: { name: 'Acme Studio' } });
    expect(brand()?.textContent).toBe('Powered by Acme Studio');
    expect(brand()?.querySelector('a')).toBeNull();
  });

  it('shows no credit at all when branding is off, agency or not', async () => {
    await mount({ branding: false, poweredBy: { name: 'Acme Studio', url: 'https://acme.example/' } });
    expect(brand()).toBeNull();
    expect(host.textContent).not.toContain('Powered by');
  });
});

describe('lead form', () => {
  const type = async (name: string, value: string) => {
    const input = host.querySelector(`input[name=${name}]`) as HTMLInputElement;
    await act(async () => {
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
  const send = async () => {
    await act(async () => {
      host.querySelector('form.lead')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await new Promise((r) => setTimeout(r, 0));
    });
  };

  it('asks at the start in place of the message box, shows a refused e-mail’s sentence, then lets the visitor chat', async () => {
    const lead = vi.fn(async (_id: string, body: { email?: string }) => {
      if (body.email === 'ada@') throw new ApiError(400, 'Please enter a valid e-mail address.');
    });
    await mount({ collectLeads: { enabled: true, fields: { name: true, email: true, phone: false }, when: 'start' } }, api({ lead }));
    expect(host.querySelector('textarea')).toBeNull();
    expect([...host.querySelectorAll('form.lead label span')].map((s) => s.textContent)).toEqual(['Name', 'E-mail']);
    await type('name', 'Ada');
    await type('email', 'ada@');
    await send();
    expect(host.querySelector('form.lead [role=alert]')?.textContent).toBe('Please enter a valid e-mail address.');
    expect((host.querySelector('input[name=name]') as HTMLInputElement).value).toBe('Ada');
    await type('email', 'ada@example.com');
    await send();
    expect(lead).toHaveBeenLastCalledWith(expect.any(String), { name: 'Ada', email: 'ada@example.com' });
    expect(host.querySelector('form.lead')).toBeNull();
    expect(host.querySelector('textarea')).not.toBeNull();
  });

  it('asks after N visitor messages above the message box, and "Not now" puts it away', async () => {
    await mount({ collectLeads: { enabled: true, fields: { name: false, email: false, phone: true }, when: 'afterMessages', afterMessages: 1 } });
    expect(host.querySelector('form.lead')).toBeNull();
    const textarea = host.querySelector('textarea')!;
    await act(async () => {
      textarea.value = 'Hi';
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      host.querySelector('form:not(.lead)')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect([...host.querySelectorAll('form.lead label span')].map((s) => s.textContent)).toEqual(['Phone']);
    expect(host.querySelector('textarea')).not.toBeNull();
    await act(async () => {
      (host.querySelector('button.skip') as HTMLButtonElement).click();
    });
    expect(host.querySelector('form.lead')).toBeNull();
  });

  it('shows no form when the model asks (when interested) or collection is off', async () => {
    await mount({ collectLeads: { enabled: true, when: 'interested' } });
    expect(host.querySelector('form.lead')).toBeNull();
    render(null, host);
    await mount({ collectLeads: { enabled: false, when: 'start' } });
    expect(host.querySelector('form.lead')).toBeNull();
  });
});

describe('call button', () => {
  it('shows only when the agent takes browser calls', async () => {
    await mount({ title: 'Bakery helper' });
    expect(host.textContent).not.toContain('Start a voice call');
    render(null, host);
    host.remove();
    host = document.createElement('div');
    document.body.appendChild(host);
    const session = new ChatSession(api(), { agentId: 'A', storage: null, lang: 'en', messageDelayMS: 0, sleep: async () => undefined });
    await act(async () => {
      render(<App agent={{ ID: 'A', webCalling: true }} session={session} words={wordsFor('en')} pollMs={60_000} startCall={api().webCall} />, host);
    });
    expect(host.querySelector('button.call-start')?.textContent).toContain('Start a voice call');
  });
});

