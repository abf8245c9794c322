// Workspace records (users/{uid}) in both regional databases, read with the lite (REST) SDK.
import { queryOptions } from '@tanstack/react-query';
import { FirebaseError } from 'firebase/app';
import { collection, doc, getDoc, getDocs, query, where } from 'firebase/firestore/lite';
import { db } from './firestore';
import { DEFAULT_REGION, otherRegion, type Region, type Workspace } from '@parley/core';

export type WorkspaceRecord = Partial<Omit<Workspace, 'region'>> & { uid: string; region: Region };

const CURRENT_KEY = 'parley.currentWorkspace';
const HOME_REGION_KEY = 'parley.homeRegion';

export function toRecord(id: string, data: Record<string, unknown>, region: Region): WorkspaceRecord {
  return { ...(data as Partial<Workspace>), uid: typeof data.uid === 'string' ? data.uid : id, region } as WorkspaceRecord;
}

export function isPermissionDenied(error: unknown): boolean {
  return error instanceof FirebaseError && error.code === 'permission-denied';
}

/**
 * users/{uid} in one region, or null when it is not there. The rules grant reads from the record's own
 * fields, so a record that does not exist answers permission-denied: for the user's own uid that means "none".
 */
async function getOwnDoc(region: Region, uid: string): Promise<WorkspaceRecord | null> {
  try {
    const snap = await getDoc(doc(db(region), 'users', uid));
    return snap.exists() ? toRecord(snap.id, snap.data(), region) : null;
  } catch (error) {
    if (isPermissionDenied(error)) return null;
    throw error;
  }
}

/** The region the user's own record was last found in (looked at first when it is in both). */
export function homeRegionHint(): Region | null {
  const hint = localStorage.getItem(HOME_REGION_KEY);
  return hint === 'eu' || hint === 'na' ? hint : null;
}

/** Every workspace the user owns or is a member of (workspaceEmails array-contains), in both regions. */
export async function listWorkspaces(uid: string, email: string | null): Promise<WorkspaceRecord[]> {
  // The default region's workspaces are listed first.
  const perRegion = await Promise.all(
    [DEFAULT_REGION, otherRegion(DEFAULT_REGION)].map(async (region) => {
      const [own, members] = await Promise.all([
        getOwnDoc(region, uid),
        email ? getDocs(query(collection(db(region), 'users'), where('workspaceEmails', 'array-contains', email.toLowerCase()))) : null,
      ]);
      const found: WorkspaceRecord[] = own ? [own] : [];
      for (const snap of members?.docs ?? []) if (snap.id !== uid) found.push(toRecord(snap.id, snap.data(), region));
      return found;
    }),
  );
  return perRegion.flat();
}

/**
 * The user's workspaces (both regions), one read shared by the shell and the route preloader. The user's own
 * record — their personal workspace, absent before onboarding — is the listed one with their uid. Membership
 * rests on a verified e-mail (so do the rules): an unverified address is not looked up.
 */
export function workspacesQuery(user: { uid: string; email: string | null; emailVerified: boolean }) {
  const email = user.emailVerified ? user.email : null;
  return queryOptions({
    queryKey: ['workspaces', user.uid, email] as const,
    queryFn: () => listWorkspaces(user.uid, email),
    staleTime: 30_000,
    retry: (count, error) => !isPermissionDenied(error) && count < 1,
  });
}

export interface WorkspaceRef {
  uid: string;
  region: Region;
}

export function readCurrentWorkspace(): WorkspaceRef | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(CURRENT_KEY) ?? 'null') as WorkspaceRef | null;
    return parsed && typeof parsed.uid === 'string' && (parsed.region === 'eu' || parsed.region === 'na') ? parsed : null;
  } catch {
    return null;
  }
}

export function writeCurrentWorkspace(ref: WorkspaceRef): void {
  localStorage.setItem(CURRENT_KEY, JSON.stringify({ uid: ref.uid, region: ref.region }));
}

export function rememberHomeRegion(region: Region): void {
  localStorage.setItem(HOME_REGION_KEY, region);
}

/**
 * The workspace to show in a region: the remembered one if it is listed there, else the user's
 * own record there, else the first workspace of that region.
 */
export function pickWorkspace(workspaces: WorkspaceRecord[], region: Region, uid: string, remembered: WorkspaceRef | null): WorkspaceRecord | null {
  const inRegion = workspaces.filter((w) => w.region === region);
  return (
    inRegion.find((w) => remembered && w.uid === remembered.uid && w.region === remembered.region) ??
    inRegion.find((w) => w.uid === uid) ??
    inRegion[0] ??
    null
  );
}
