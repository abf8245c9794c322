/**
 * Conformance through firebase-admin (gRPC): the two regional databases are
 * separate, and realtime listeners are refused clearly (the app polls instead).
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupType } from '../src/grpc/protos.ts';
import { startAdmin, type AdminHarness } from './admin-client.ts';

let fx: AdminHarness;
beforeAll(async () => {
  fx = await startAdmin();
});
afterAll(async () => {
  await fx?.stop();
});

describe('firebase-admin databases', () => {
  it("keeps '(default)' and 'voiceglow-eu' separate", async () => {
    const colId = fx.unique('regions');
    await fx.db.collection(colId).doc('na-only').set({ region: 'na' });
    await fx.eu.collection(colId).doc('eu-only').set({ region: 'eu' });
    await fx.eu.collection(colId).doc('both').set({ region: 'eu' });
    await fx.db.collection(colId).doc('both').set({ region: 'na' });

    expect((await fx.eu.collection(colId).doc('na-only').get()).exists).toBe(false);
    expect((await fx.db.collection(colId).doc('eu-only').get()).exists).toBe(false);
    expect((await fx.db.collection(colId).doc('both').get()).get('region')).toBe('na');
    expect((await fx.eu.collection(colId).doc('both').get()).get('region')).toBe('eu');
    expect((await fx.db.collection(colId).get()).docs.map((d) => d.id).sort()).toEqual(['both', 'na-only']);
    expect((await fx.eu.collection(colId).count().get()).data().count).toBe(2);
    await fx.db.collection(colId).doc('both').delete();
    expect((await fx.eu.collection(colId).doc('both').get()).exists).toBe(true);
  });
});

// Google's emulator (FIRESTORE_TARGET) does support Listen; these pin our engine's refusal.
const LOCAL_ENGINE = !process.env['FIRESTORE_TARGET'];

describe.runIf(LOCAL_ENGINE)('realtime listeners (local engine)', () => {
  it('onSnapshot reports that Listen is not supported', async () => {
    const ref = fx.db.collection(fx.unique('listen')).doc('d');
    const error = await new Promise<Error>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('onSnapshot neither failed nor was refused within 5 s')), 5000);
      const unsubscribe = ref.onSnapshot(
        () => {
          clearTimeout(timer);
          unsubscribe();
          reject(new Error('onSnapshot unexpectedly delivered a snapshot'));
        },
        (err) => {
          clearTimeout(timer);
          resolve(err);
        },
      );
    });
    expect(error.message).toContain('Error 12');
    expect(error.message).toContain('Listen is not supported by the local Firestore engine; use get/query polling');
  });

  it('a raw Listen call ends with UNIMPLEMENTED', async () => {
    const client = new grpc.Client(fx.harness.target, grpc.credentials.createInsecure());
    const listenRequest = lookupType('google.firestore.v1.ListenRequest');
    try {
      const status = await new Promise<grpc.StatusObject>((resolve) => {
        const md = new grpc.Metadata();
        md.set('authorization', 'Bearer owner');
        const call = client.makeBidiStreamRequest(
          '/google.firestore.v1.Firestore/Listen',
          (r: object) => Buffer.from(listenRequest.encode(listenRequest.fromObject(r)).finish()),
          (b: Buffer) => b,
          md,
        );
        call.on('data', () => {});
        call.on('error', () => {});
        call.on('status', resolve);
        call.write({
          database: `projects/${fx.harness.projectId}/databases/(default)`,
          addTarget: { targetId: 7, query: { parent: `projects/${fx.harness.projectId}/databases/(default)/documents`, structuredQuery: { from: [{ collectionId: 'x' }] } } },
        });
      });
      expect(status.code).toBe(grpc.status.UNIMPLEMENTED);
      expect(status.details).toBe('Listen is not supported by the local Firestore engine; use get/query polling');
    } finally {
      client.close();
    }
  });

  it('a raw Write (streaming writes) call ends with UNIMPLEMENTED', async () => {
    const client = new grpc.Client(fx.harness.target, grpc.credentials.createInsecure());
    try {
      const status = await new Promise<grpc.StatusObject>((resolve) => {
        const call = client.makeBidiStreamRequest('/google.firestore.v1.Firestore/Write', (b: Buffer) => b, (b: Buffer) => b);
        call.on('data', () => {});
        call.on('error', () => {});
        call.on('status', resolve);
        call.write(Buffer.alloc(0));
      });
      expect(status.code).toBe(grpc.status.UNIMPLEMENTED);
      expect(status.details).toMatch(/not supported by the local Firestore engine/);
    } finally {
      client.close();
    }
  });
});
