import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './index';

let site: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  site = await start({ port: 0 });
});
afterAll(() => site.stop());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${site.url}${path}`, { headers });

describe('the website stand-in', () => {
  it('serves linked pages with their menu and footer, a sitemap without the forbidden page, and robots.txt', async () => {
    const home = await (await get('/')).text();
    expect(home).toContain('<a href="/menu">');
    expect(home).toContain('<footer>');
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${site.url}/hours</loc>`);
    expect(sitemap).not.toContain('/private/');
    expect(await (await get('/robots.txt')).text()).toContain('Disallow: /private/');
  });

  it('answers 304 to a conditional GET until the page is edited, and 404 once it is deleted', async () => {
    const first = await get('/hours');
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect((await get('/hours', { 'if-none-match': etag })).status).toBe(304);
    expect((await get('/hours', { 'if-modified-since': lastModified })).status).toBe(304);
    await fetch(`${site.url}/__pages?path=/hours`, { method: 'PUT', body: JSON.stringify({ title: 'Hours', body: '<p>Now open until eight.</p>' }) });
    const edited = await get('/hours', { 'if-none-match': etag });
    expect(edited.status).toBe(200);
    expect(await edited.text()).toContain('until eight');
    expect(edited.headers.get('etag')).not.toBe(etag);
    await fetch(`${site.url}/__pages?path=/contact`, { method: 'DELETE' });
    expect((await get('/contact')).status).toBe(404);
    expect(await (await get('/sitemap.xml')).text()).not.toContain('/contact');
    expect(site.recorded().some((r) => r.path === '/hours' && r.status === 304 && r.ifNoneMatch === etag)).toBe(true);
  });

  it('fails a page on demand, then serves it again after a reset', async () => {
    await fetch(`${site.url}/__control`, { method: 'POST', body: JSON.stringify({ failing: ['/menu'] }) });
    expect((await get('/menu')).status).toBe(503);
    await fetch(`${site.url}/__reset`, { method: 'POST' });
    expect((await get('/menu')).status).toBe(200);
    expect((await get('/contact')).status).toBe(200);
  });
});
