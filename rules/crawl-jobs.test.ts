// Rules for users/{uid}/crawlJobs/{jobId} and its runs and pages: no client reads or writes them (the crawler
// callables serve them to the workspace's owner and members; only functions write them).
import { assertFails } from '@firebase/rules-unit-testing';
import { addDoc, collection, collectionGroup, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore/lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES, DATABASES, EU, NA, useWorld } from './world.ts';

const w = useWorld();

const DOCS = {
  'users/alice/crawlJobs/job1': { agentId: 'agentA1', startUrl: 'https://a.test/', maxPages: 50, depth: 3, createdAt: 1, nextRunAt: 2 },
  'users/alice/crawlJobs/job1/runs/run1': { trigger: 'first', status: 'done', startedAt: 1, added: 3 },
  'users/alice/crawlJobs/job1/pages/p1': { url: 'https://a.test/', docId: 'doc1', hash: 'h', depth: 0 },
};

beforeAll(async () => {
  await w.seed(DOCS, NA);
  await w.seed(DOCS, EU);
});

describe('functions (rules disabled)', () => {
  it('the job, its run and its page exist, so the denials below are rules, not absence', async () => {
    expect(await w.read('users/alice/crawlJobs/job1')).not.toBeNull();
    expect(await w.read('users/alice/crawlJobs/job1/pages/p1', EU)).not.toBeNull();
  });
});

describe('users/{uid}/crawlJobs/**', () => {
  it('no role reads a job, a run or a page or lists them, in either database', async () => {
    for (const role of ALL_ROLES) {
      for (const database of DATABASES) {
        for (const path of Object.keys(DOCS)) await assertFails(getDoc(doc(w.as(role, database), path)));
        await assertFails(getDocs(collection(w.as(role, database), 'users/alice/crawlJobs')));
        await assertFails(getDocs(collection(w.as(role, database), 'users/alice/crawlJobs/job1/runs')));
      }
    }
    await assertFails(getDocs(collectionGroup(w.as('owner'), 'crawlJobs')));
  });

  it('nobody creates, changes or deletes one (a job aimed at an internal address, or a forged run history)', async () => {
    for (const role of ALL_ROLES) {
      await assertFails(addDoc(collection(w.as(role), 'users/alice/crawlJobs'), { agentId: 'agentA1', startUrl: 'http://169.254.169.254/', createdAt: 2 }));
      await assertFails(setDoc(doc(w.as(role), 'users/alice/crawlJobs/job1'), { startUrl: 'http://127.0.0.1:8080/' }, { merge: true }));
      await assertFails(setDoc(doc(w.as(role), 'users/alice/crawlJobs/job1/runs/run1'), { added: 99 }, { merge: true }));
      await assertFails(deleteDoc(doc(w.as(role), 'users/alice/crawlJobs/job1/pages/p1')));
    }
  });
});
