/**
 * The google.firestore.v1 protos, loaded once from the descriptor that
 * @google-cloud/firestore ships, so our wire format matches the SDK's exactly.
 */
import { createRequire } from 'node:module';
import protobuf from 'protobufjs';

const require = createRequire(import.meta.url);
const descriptor = require('@google-cloud/firestore/build/protos/v1.json') as protobuf.INamespace;

export const root: protobuf.Root = protobuf.Root.fromJSON(descriptor);
root.resolveAll();

export const firestoreService: protobuf.Service = root.lookupService('google.firestore.v1.Firestore');

export function lookupType(name: string): protobuf.Type {
  return root.lookupType(name);
}
