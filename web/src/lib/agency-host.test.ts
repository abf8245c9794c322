// The boot script in index.html: what it does on the platform's hosts and on an agency's host, before the app.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { describe, expect, it, vi } from 'vitest';
import { agencyHostKey, isPlatformHost, resolveAgencyHost } from './agency-host';

const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
const boot = /<script>\s*(\(function \(\) \{[\s\S]*?\}\)\(\);)\s*<\/script>/.exec(html)![1]!;

function runBoot(url: string, answer: { status: number; body?: unknown }) {
  const win = new Window({ url });
  win.document.head.innerHTML = '<meta name="description" content="Parley platform"><title>Parley</title><link rel="icon" href="data:parley">';
  const fetch = vi.fn(async (_url: string, _init?: unknown) => ({ status: answer.status, ok: answer.status === 200, json: async () => answer.body }));
  new Function('window', 'document', 'location', 'localStorage', 'fetch', boot)(win, win.document, win.location, win.localStorage, fetch);
  return { win, fetch, agency: (win as unknown as { __PARLEY_AGENCY__?: { host: string; branding: Promise<unknown> } }).__PARLEY_AGENCY__ };
}

describe('index.html boot on the platform’s hosts', () => {
  it.each(['http://127.0.0.1:5000/', 'http://localhost:5000/login', 'https://parley-prod.web.app/', 'https://parley-prod.firebaseapp.com/app'])('%s: no lookup, the platform page as is', (url) => {
    const { win, fetch, agency } = runBoot(url, { status: 200 });
    expect(fetch).not.toHaveBeenCalled();
    expect(agency).toBeUndefined();
    expect(win.document.title).toBe('Parley');
    expect(isPlatformHost(new URL(url).hostname)).toBe(true);
  });
});

describe('index.html boot on an agency host', () => {
  it('removes the platform’s title, icon and description at once, asks for the branding once, then applies it', async () => {
    const { win, fetch, agency } = runBoot('http://acme.localhost:5000/', { status: 200, body: { name: 'Acme', faviconURL: 'https://cdn.example/acme.png' } });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/public/agency-by-host?host=acme.localhost');
    const head = win.document.head.innerHTML.toLowerCase();
    expect(head).not.toContain('parley');
    expect(win.document.documentElement.getAttribute('data-agency-host')).toBe('pending');
    expect(win.document.title).toBe('acme.localhost');
    expect(await agency!.branding).toEqual({ name: 'Acme', faviconURL: 'https://cdn.example/acme.png' });
    expect(win.document.title).toBe('Acme');
    expect(win.document.querySelector('link[rel~=icon]')!.getAttribute('href')).toBe('https://cdn.example/acme.png');
    expect(win.document.documentElement.getAttribute('data-agency-host')).toBe('connected');
    expect(isPlatformHost('acme.localhost')).toBe(false);
  });

  it('an unknown host resolves to "not connected" with a neutral title', async () => {
    const { win, agency } = runBoot('https://app.nobody.example/', { status: 404 });
    expect(await resolveAgencyHost({ host: agency!.host, branding: agency!.branding })).toEqual({ status: 'not-connected' });
    expect(win.document.title).toBe('This domain is not connected');
  });

  it('an answer the contract does not describe is "unavailable", never applied', async () => {
    expect(await resolveAgencyHost({ host: 'x.localhost', branding: Promise.resolve({ name: 'Acme', secret: 'leak' }) })).toEqual({ status: 'unavailable' });
    expect(await resolveAgencyHost({ host: 'x.localhost', branding: Promise.reject(new Error('down')) })).toEqual({ status: 'unavailable' });
  });
});

describe('the branding lookup key', () => {
  it.each(['http://Acme.Localhost:5000/', 'http://acme.localhost/', 'https://App.Acme-Agency.com:8443/login', 'http://[::1]:5000/'])(
    '%s: the client login’s key (location.host) is the key the boot script looked up',
    (url) => {
      const { agency } = runBoot(url, { status: 404 });
      const location = new URL(url);
      expect(agencyHostKey(location.host)).toBe(location.hostname.toLowerCase());
      if (agency) expect(agencyHostKey(location.host)).toBe(agency.host);
    },
  );
});
