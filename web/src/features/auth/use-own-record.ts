import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { fetchOwnRecord } from '../../lib/workspace-data';

/** The signed-in user's own workspace record (null = not onboarded). */
export function useOwnRecord() {
  const session = useSession();
  const uid = session.user?.uid;
  return useQuery({
    queryKey: ['own-record', uid],
    queryFn: () => fetchOwnRecord(uid!),
    enabled: !!uid,
    staleTime: 60_000,
  });
}
