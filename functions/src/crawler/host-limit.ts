// Requests at once per host, shared by every run of this instance: two jobs on one site take turns, and a slow site
// holds only its own slots, never another site's.
export type HostLimiter = <T>(host: string, work: () => Promise<T>) => Promise<T>;

export const REQUESTS_PER_HOST = 2;

export function hostLimiter(perHost = REQUESTS_PER_HOST): HostLimiter {
  const hosts = new Map<string, { active: number; waiting: Array<() => void> }>();
  return async (host, work) => {
    const slot = hosts.get(host) ?? { active: 0, waiting: [] };
    hosts.set(host, slot);
    if (slot.active >= perHost) await new Promise<void>((resolve) => slot.waiting.push(resolve));
    slot.active++;
    try {
      return await work();
    } finally {
      slot.active--;
      const next = slot.waiting.shift();
      if (next) next();
      else if (slot.active === 0) hosts.delete(host);
    }
  };
}
