// A newest-first list read in pages of the callable's `limit`: the next page starts before the last item's time.
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';

export function usePagedList<T extends { createdAt: number }>(queryKey: QueryKey, load: (before?: number) => Promise<{ items: T[]; more: boolean }>) {
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => load(pageParam),
    getNextPageParam: (last) => (last.more ? last.items.at(-1)?.createdAt : undefined),
  });
  return { ...query, items: query.data?.pages.flatMap((p) => p.items) ?? [] };
}
