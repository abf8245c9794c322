/**
 * A journey's own workspace, made in one step for the set-up a journey does not test: a signed-up, verified user
 * (through the Auth emulator's admin API) with its workspace record and one agent, exactly as the stack seeds the
 * demo user (local/stack/seed.ts). Each call makes a new user, so a journey asserts only on what it made, whichever
 * journeys ran before it.
 */
import { randomBytes } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { STACK_PORTS } from '@parley/local/stack/ports';
import { seedWorkspace } from '@parley/local/stack/seed';

export interface JourneyWorkspace {
  uid: string;
  email: string;
  password: string;
  /** The workspace's one agent (answers at once when a journey sets messageDelayMS: 0). */
  agentId: string;
  agentTitle: string;
  admin: App;
  db: Firestore;
  /** An ID token of the owner, for calling a callable as the dashboard does. */
  idToken(): Promise<string>;
  close(): Promise<void>;
}

/** Signs in with e-mail and password at the Auth emulator (the REST call the Firebase SDK makes). */
export async function idTokenFor(email: string, password: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${STACK_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return ((await res.json()) as { idToken: string }).idToken;
}

/** A new verified owner with a workspace and one agent; `name` makes its e-mail and agent title recognisable. */
export async function journeyWorkspace(name: string, agentTitle = `${name} agent`): Promise<JourneyWorkspace> {
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${STACK_PORTS.firestore}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${STACK_PORTS.auth}`;
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(4).toString('hex')}`;
  const user = { uid: `e2e-${slug}`, email: `${slug}@parley.dev`, password: `pw-${slug}`, displayName: `${name} owner`, agentTitle, region: 'na' as const };
  const admin = initializeApp({ projectId: 'demo-parley' }, user.uid);
  const seeded = await seedWorkspace(admin, user);
  return {
    uid: user.uid,
    email: user.email,
    password: user.password,
    agentId: seeded.agentId!,
    agentTitle,
    admin,
    db: getFirestore(admin),
    idToken: () => idTokenFor(user.email, user.password),
    close: () => deleteApp(admin),
  };
}

/** Adds a text document to the workspace's agent through the knowledge feature's callable, as the dashboard does. */
export async function addKnowledgeText(workspace: JourneyWorkspace, name: string, text: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${STACK_PORTS.functions}/demo-parley/us-central1/addKnowledgeSource`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await workspace.idToken()}` },
    body: JSON.stringify({ data: { region: 'na', agentId: workspace.agentId, type: 'text', name, text } }),
  });
  return res.status;
}

/** A callable as the dashboard calls it, as the workspace's owner: its result (a refusal throws with its message). */
export async function callAsOwner<T>(workspace: JourneyWorkspace, name: string, data: Record<string, unknown>): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${STACK_PORTS.functions}/demo-parley/us-central1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await workspace.idToken()}` },
    body: JSON.stringify({ data }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (!res.ok || !body.result) throw new Error(`${name}: ${res.status} ${body.error?.message ?? ''}`);
  return body.result;
}
