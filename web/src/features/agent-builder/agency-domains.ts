// The owner's agency domains, for the prototype link variant (agencies where userId == ownerID).
import { collection, getDocs, limit, query, where } from 'firebase/firestore/lite';
import { db } from '../../lib/firestore';
import type { Region } from '@parley/core';
import type { AgencyDomains } from './agent-links';

export async function fetchAgencyDomains(region: Region, ownerID: string): Promise<AgencyDomains | null> {
  try {
    const snap = await getDocs(query(collection(db(region), 'agencies'), where('userId', '==', ownerID), limit(1)));
    return (snap.docs[0]?.data() as AgencyDomains | undefined) ?? null;
  } catch {
    return null;
  }
}
