/* eslint-disable @typescript-eslint/no-explicit-any -- JSON replies are inspected loosely */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { paths } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { serveApi } from '../http/serve';
import { seedAgent, seedWorkspace } from '../../test/agent-builder-env';
import { makeDocx, makePdf } from '../../test/make-documents';
import { localFileStore } from '../uploads';
import { platformVectorIndex, type KnowledgeDeps } from './index';
import { addKnowledgeSourceHandler, addKnowledgeSourceInput } from './add-source';
import { endpoints } from './index';
import { deleteKnowledgeSourceHandler, listKnowledgeSourcesHandler } from './manage-sources';
import { refreshDueSources } from './scheduled-refresh';
import { search } from './search';
import { createCredits } from '../credits';

/** The knowledge base's dependencies as the composition hands them over (the originals kept in this test's folder). */
const kb: KnowledgeDeps = { credits: createCredits(), vectorIndex: platformVectorIndex(), fileStore: localFileStore(mkdtempSync(path.join(tmpdir(), 'kb-unset-'))) };


let site: Server;
// Stands for the metadata server and every other service on our network: no source may ever reach it.
let internal: Server;
let internalUrl = '';
let internalHits = 0;
let filesDir = '';
let siteUrl = '';
let pricingPage = '<html><body><h1>Pricing</h1><p>The Starter plan costs 19 dollars per month.</p></body></html>';
const owner = { auth: { uid: 'kb-owner', token: {} } } as never;
const stranger = { auth: { uid: 'kb-stranger', token: {} } } as never;
const AGENT = 'kbAgent000000001';

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'kb-files-'));
  kb.fileStore = localFileStore(filesDir, 'http://files.test');
  site = createServer((req, res) => {
    if (req.url === '/pricing') return res.writeHead(200, { 'content-type': 'text/html' }).end(pricingPage);
    if (req.url === '/manual.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end(makePdf([['The warranty lasts two years.']]));
    if (req.url === '/logo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('png');
    if (req.url === '/docs') return res.writeHead(302, { location: `${internalUrl}/latest/meta-data/iam/security-credentials/` }).end();
    if (req.url === '/docs-mapped') return res.writeHead(301, { location: `http://[::ffff:127.0.0.1]:${internalUrl.split(':').pop()}/` }).end();
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  internal = createServer((_req, res) => {
    internalHits++;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('AccessKeyId: ASIA-SECRET');
  });
  await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  // The test site stands for a public one: the local escape names exactly it.
  process.env.ALLOW_PRIVATE_URLS = siteUrl.replace('http://', '');
  await seedWorkspace('na', 'kb-owner', 'vg_kbOwnerSecret00000001');
  await seedWorkspace('na', 'kb-stranger', 'vg_kbStrangerSecret00001');
  await seedAgent('na', AGENT, 'kb-owner', 'vg_kbAgentSecret00000001', { vgOptions: { maxChunkSize: 1000 } });
});
afterAll(async () => {
  for (const server of [site, internal]) {
    server?.closeAllConnections();
    server?.close();
  }
});

const add = (input: Record<string, unknown>, who = owner) => addKnowledgeSourceHandler(kb, addKnowledgeSourceInput.parse({ region: 'na', agentId: AGENT, ...input }), who);
const kbDoc = async (docId: string) => (await databaseFor('na').doc(paths.kbDoc(AGENT, docId)).get()).data()!;
const agentDoc = async () => (await databaseFor('na').doc(paths.agent(AGENT)).get()).data()!;
const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64');

describe('knowledge sources', () => {
  it('ingests a text document into chunks within the agent max chunk size', async () => {
    const text = Array.from({ length: 120 }, (_, i) => `Fact ${i}: our support line answers question ${i} politely.`).join(' ');
    const result = await add({ type: 'text', name: 'Support facts', text });
    expect(result).toMatchObject({ status: 'SUCCESS', charCount: text.length });
    const doc = await kbDoc(result.docId);
    expect(doc).toMatchObject({ status: 'SUCCESS', sourceType: 'doc', name: 'Support facts', userId: 'kb-owner', agentId: AGENT, charCount: text.length });
    expect(doc.chunkIds.length).toBe(result.chunkCount);
    expect(result.chunkCount).toBeGreaterThanOrEqual(Math.ceil(text.length / 1000));
    const chunks = await databaseFor('na').collection(`${paths.kbDoc(AGENT, result.docId)}/chunks`).get();
    expect(chunks.size).toBe(result.chunkCount);
    for (const c of chunks.docs) expect(c.get('text').length).toBeLessThanOrEqual(1000);
  });

  it.each([
    ['notes.txt', 'Plain text: the office cat is called Miso.', 'office cat is called Miso'],
    ['guide.md', '# Guide\n\nUse **bold** moves: parking is behind the building.', 'parking is behind the building'],
    ['page.html', '<html><script>var secret=1</script><body><p>Our boat tours leave at noon.</p></body></html>', 'Our boat tours leave at noon.'],
    ['prices.csv', 'item,price\ncoffee,3.50\ntea,2.80', 'coffee,3.50'],
  ])('extracts %s', async (fileName, content, expected) => {
    const result = await add({ type: 'file', fileName, base64Payload: b64(content) });
    expect(result.status).toBe('SUCCESS');
    const doc = await kbDoc(result.docId);
    expect(doc.content).toContain(expected);
    expect(doc.content).not.toContain('secret=1');
    // The original is kept privately: no link to it on the document.
    expect(doc.contentURL).toBeUndefined();
  });

  it('extracts a PDF and a DOCX made in the test', async () => {
    const pdf = await add({ type: 'file', fileName: 'menu.pdf', base64Payload: b64(makePdf([['Lunch is served from noon.'], ['Dinner starts at seven.']])) });
    expect(pdf.status).toBe('SUCCESS');
    expect((await kbDoc(pdf.docId)).content).toMatch(/Lunch is served from noon\.[\s\S]*Dinner starts at seven\./);
    const docx = await add({ type: 'file', fileName: 'policy.docx', base64Payload: `data:application/octet-stream;base64,${b64(makeDocx(['Returns are accepted for 30 days.', 'Keep your receipt.']))}` });
    expect(docx.status).toBe('SUCCESS');
    expect((await kbDoc(docx.docId)).content).toBe('Returns are accepted for 30 days.\n\nKeep your receipt.');
  });

  it('marks a broken file as ERROR with the reason', async () => {
    const result = await add({ type: 'file', fileName: 'broken.pdf', base64Payload: b64('this is not a pdf') });
    expect(result.status).toBe('ERROR');
    const doc = await kbDoc(result.docId);
    expect(doc.status).toBe('ERROR');
    expect(doc.error).toMatch(/^Could not read the PDF/);
  });

  it('refuses unsupported file types', async () => {
    await expect(add({ type: 'file', fileName: 'photo.png', base64Payload: b64('png') })).rejects.toThrow('Only .txt,.md,.html,.pdf,.docx,.csv Files');
  });

  it('crawls a URL source to SUCCESS, and records ERROR for a missing page or a non-text type', async () => {
    const ok = await add({ type: 'url', url: `${siteUrl}/pricing`, refreshRate: '6h' });
    expect(ok.status).toBe('SUCCESS');
    expect(await kbDoc(ok.docId)).toMatchObject({ sourceType: 'url', url: `${siteUrl}/pricing`, refreshRate: '6h', status: 'SUCCESS' });
    expect((await kbDoc(ok.docId)).content).toContain('Starter plan costs 19 dollars');
    const pdf = await add({ type: 'url', url: `${siteUrl}/manual.pdf`, refreshRate: 'never' });
    expect((await kbDoc(pdf.docId)).content).toContain('warranty lasts two years');

    const missing = await add({ type: 'url', url: `${siteUrl}/gone`, refreshRate: '1h' });
    const failed = 'The page could not be downloaded. Check that it is public and try again.';
    expect(missing).toMatchObject({ status: 'ERROR', error: failed });
    expect(await kbDoc(missing.docId)).toMatchObject({ status: 'ERROR', error: failed });
    const image = await add({ type: 'url', url: `${siteUrl}/logo.png` });
    expect((await kbDoc(image.docId)).error).toBe('Unsupported content type: image/png.');
  });

  it('refuses URL sources aimed at our own network: literal addresses at once, redirects when crawled', async () => {
    const port = internalUrl.split(':').pop();
    for (const url of [
      `http://[::ffff:127.0.0.1]:${port}/`, 'http://[::ffff:a9fe:a9fe]/latest/meta-data/', `http://[::]:${port}/`, `http://localhost.:${port}/`,
      'http://100.64.0.1/', 'http://198.18.0.1/', `${internalUrl}/`, 'http://metadata.google.internal/computeMetadata/v1/',
    ]) {
      await expect(add({ type: 'url', url, refreshRate: '1h' }), url).rejects.toThrow('This address cannot be crawled.');
    }
    // A public page that redirects inside: the source ends in ERROR and nothing inside is fetched.
    for (const path of ['/docs', '/docs-mapped']) {
      const result = await add({ type: 'url', url: `${siteUrl}${path}`, refreshRate: '1h' });
      expect(result).toMatchObject({ status: 'ERROR', error: 'This address cannot be crawled.' });
      expect((await kbDoc(result.docId)).content).toBe('');
    }
    expect(internalHits).toBe(0);
  });

  it('keeps charCount and docsNum on the agent and answers search with the right chunk', async () => {
    const { sources } = await listKnowledgeSourcesHandler({ region: 'na', agentId: AGENT }, owner);
    const agent = await agentDoc();
    expect(agent.docsNum).toBe(sources.length);
    expect(agent.charCount).toBe(sources.reduce((s, d) => s + d.charCount, 0));
    const hits = await search(kb.vectorIndex, AGENT, 'how much does the starter plan cost per month', 3, 'na');
    expect(hits[0]!.text).toContain('Starter plan costs 19 dollars');
    expect(hits[0]!.name).toBe(`${siteUrl}/pricing`);
    // Without a region the agent is found in its database.
    expect((await search(kb.vectorIndex, AGENT, 'boat tours', 1))[0]!.text).toContain('boat tours');
  });

  it('deletes a source with its chunks and updates the totals', async () => {
    const added = await add({ type: 'text', name: 'Temporary', text: 'The temporary promotion ends on Friday.' });
    const before = await agentDoc();
    await deleteKnowledgeSourceHandler(kb, { region: 'na', agentId: AGENT, docId: added.docId }, owner);
    expect((await databaseFor('na').doc(paths.kbDoc(AGENT, added.docId)).get()).exists).toBe(false);
    const chunks = await databaseFor('na').collection(`${paths.kbDoc(AGENT, added.docId)}/chunks`).get();
    expect(chunks.size).toBe(0);
    const after = await agentDoc();
    expect(after.docsNum).toBe(before.docsNum - 1);
    expect(after.charCount).toBe(before.charCount - added.charCount);
    expect((await search(kb.vectorIndex, AGENT, 'temporary promotion', 3, 'na')).some((h) => h.docId === added.docId)).toBe(false);
  });

  it('deletes a file source with its original', async () => {
    const added = await add({ type: 'file', fileName: 'old-prices.csv', base64Payload: b64('item,price\nbread,4') });
    expect(existsSync(path.join(filesDir, 'kb', AGENT, added.docId, 'old-prices.csv'))).toBe(true);
    await deleteKnowledgeSourceHandler(kb, { region: 'na', agentId: AGENT, docId: added.docId }, owner);
    expect(existsSync(path.join(filesDir, 'kb', AGENT, added.docId))).toBe(false);
  });

  it('refuses users who do not own the agent', async () => {
    await expect(add({ type: 'text', name: 'x', text: 'y' }, stranger)).rejects.toThrow('You do not have access to this agent.');
    await expect(listKnowledgeSourcesHandler({ region: 'na', agentId: AGENT }, stranger)).rejects.toThrow('You do not have access to this agent.');
    await expect(listKnowledgeSourcesHandler({ region: 'na', agentId: 'noSuchAgent' }, owner)).rejects.toThrow('This widget does not exist.');
  });

  it("lets an agency client allowed '/kb' list the sources, and nothing more", async () => {
    await databaseFor('na').doc(paths.org('kbOrg')).set({ ID: 'kbOrg', ownerID: 'kb-owner', settings: {} });
    await databaseFor('na').doc(paths.client('kbClient')).set({ orgId: 'kbOrg', widgetIDs: [AGENT], canAccess: ['/kb'] });
    const client = { auth: { uid: 'kb-client-uid', token: { role: 'client', clientId: 'kbClient' } } } as never;
    await expect(listKnowledgeSourcesHandler({ region: 'na', agentId: AGENT }, client)).resolves.toHaveProperty('sources');
    await expect(add({ type: 'text', name: 'x', text: 'y' }, client)).rejects.toThrow('You do not have access to this agent.');
  });

  it('refreshes only URL sources whose refresh rate elapsed, picking up new content', async () => {
    const due = await add({ type: 'url', url: `${siteUrl}/pricing`, refreshRate: '1h' });
    const never = await add({ type: 'url', url: `${siteUrl}/pricing`, refreshRate: 'never' });
    const nowSeconds = Math.floor(Date.now() / 1000);
    pricingPage = '<p>The Starter plan now costs 25 dollars per month.</p>';
    // Nothing is due yet: sources were crawled just now.
    expect((await refreshDueSources(kb, nowSeconds + 60, ['na'])).some((r) => r.docId === due.docId)).toBe(false);
    const results = await refreshDueSources(kb, nowSeconds + 3600, ['na']);
    expect(results.find((r) => r.docId === due.docId)?.status).toBe('SUCCESS');
    expect(results.some((r) => r.docId === never.docId)).toBe(false);
    expect((await kbDoc(due.docId)).content).toContain('25 dollars');
    expect((await kbDoc(never.docId)).content).toContain('19 dollars');

    // A source left PENDING by a run that died is retried once it is stale, not while another run may own it.
    await databaseFor('na').doc(paths.kbDoc(AGENT, due.docId)).update({ status: 'PENDING', pendingSince: nowSeconds + 7200, lastRefreshTS: 0 });
    expect((await refreshDueSources(kb, nowSeconds + 7200 + 60, ['na'])).some((r) => r.docId === due.docId)).toBe(false);
    expect((await refreshDueSources(kb, nowSeconds + 7200 + 16 * 60, ['na'])).find((r) => r.docId === due.docId)?.status).toBe('SUCCESS');
  });
});

describe('GET /v2/agents/:agentId/kb/:docId', () => {
  it('returns the document to the owner and refuses other bearers', async () => {
    const api = await serveApi(endpoints);
    try {
      const added = await add({ type: 'text', name: 'API doc', text: 'Readable through the API.' });
      const get = (bearer: string) => fetch(`${api.url}/v2/agents/${AGENT}/kb/${added.docId}?region=na`, { headers: { authorization: `Bearer ${bearer}` } });
      const ok = await get('vg_kbAgentSecret00000001');
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as any).data).toMatchObject({ name: 'API doc', content: 'Readable through the API.', status: 'SUCCESS' });
      expect((await get('vg_kbOwnerSecret00000001')).status).toBe(200);
      expect((await get('vg_kbStrangerSecret00001')).status).toBe(403);
      expect((await get('vg_wrong')).status).toBe(401);
    } finally {
      await api.close();
    }
  });
});
