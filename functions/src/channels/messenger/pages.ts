// metaPages/{pageId}: which agent answers a Facebook page and its linked Instagram account (members of the
// agent's workspace read it, firestore.rules); the page token in metaPages/{pageId}/private/secrets (functions only).
import { metaPageSchema, paths, storedMetaPageSchema, type MetaPage, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { databaseFor } from '../../adapters/firestore';

export function pageSecretsPath(pageId: string): string {
  return `${paths.metaPage(pageId)}/private/secrets`;
}

export function parsePage(data: unknown): MetaPage | null {
  const parsed = storedMetaPageSchema.safeParse(data);
  return parsed.success ? metaPageSchema.parse(parsed.data) : null;
}

export async function readPage(db: Firestore, pageId: string): Promise<MetaPage | null> {
  const snap = await db.doc(paths.metaPage(pageId)).get();
  return snap.exists ? parsePage(snap.data()) : null;
}

export async function readPageToken(db: Firestore, pageId: string): Promise<string | null> {
  const token = (await db.doc(pageSecretsPath(pageId)).get()).get('pageAccessToken');
  return typeof token === 'string' && token ? token : null;
}

export async function pagesOfAgent(db: Firestore, agentId: string): Promise<MetaPage[]> {
  const snap = await db.collection(paths.metaPages()).where('agentId', '==', agentId).get();
  return snap.docs.flatMap((d) => {
    const page = parsePage(d.data());
    return page ? [page] : [];
  });
}

/** The page a webhook entry is for: by page id (Messenger) or by its linked Instagram account (Instagram). */
export async function findPage(kind: 'page' | 'instagram', accountId: string): Promise<{ region: Region; db: Firestore; page: MetaPage } | null> {
  for (const region of ['na', 'eu'] as const) {
    const db = databaseFor(region);
    if (kind === 'page') {
      const page = await readPage(db, accountId);
      if (page) return { region, db, page };
    } else {
      const snap = await db.collection(paths.metaPages()).where('igPageId', '==', accountId).limit(1).get();
      const page = snap.docs[0] ? parsePage(snap.docs[0].data()) : null;
      if (page) return { region, db, page };
    }
  }
  return null;
}

/** The pages of several agents (Firestore's `in` takes at most 30 values). */
export async function pagesOfAgents(db: Firestore, agentIds: string[]): Promise<MetaPage[]> {
  const out: MetaPage[] = [];
  for (let i = 0; i < agentIds.length; i += 30) {
    const snap = await db.collection(paths.metaPages()).where('agentId', 'in', agentIds.slice(i, i + 30)).get();
    for (const d of snap.docs) {
      const page = parsePage(d.data());
      if (page) out.push(page);
    }
  }
  return out;
}
