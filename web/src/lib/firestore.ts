// The two regional Firestore databases, through the lite (REST) build.
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { regionalDatabases } from './regional-databases';

/** na → database "(default)", eu → "voiceglow-eu". */
export const db = regionalDatabases(getFirestore, connectFirestoreEmulator);
