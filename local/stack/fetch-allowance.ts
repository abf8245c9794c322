// What the local functions may fetch at a private address when a URL comes from a user (knowledge sources, event
// endpoints, Discord webhooks …): the stand-ins' own host:port, plus what a developer adds for a site of their own
// (PARLEY_ALLOW_PRIVATE_URLS=127.0.0.1:8000,…). Never "every private address": a URL naming the Firestore emulator
// or the metadata address is refused locally as in production, so the protection can be seen working.

const HOST_PORT = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/i;

export function localFetchAllowance(fakes: ReadonlyArray<{ url: string }>, extra = ''): string {
  const targets = fakes.map((f) => new URL(f.url).host.toLowerCase());
  for (const entry of extra.split(',').map((e) => e.trim().toLowerCase())) {
    if (HOST_PORT.test(entry)) targets.push(entry);
  }
  return [...new Set(targets)].join(',');
}
