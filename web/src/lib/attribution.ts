// Referral attribution (PartnerStack ps_xid, Tolt tolt_referral): captured from the landing URL, sent with the new-user event.
const KEYS = ['ps_xid', 'tolt_referral'] as const;
type AttributionKey = (typeof KEYS)[number];

export function captureAttribution(search: string): void {
  const params = new URLSearchParams(search);
  for (const key of KEYS) {
    const value = params.get(key);
    if (value) localStorage.setItem(`parley.${key}`, value.slice(0, 200));
  }
}

export function readAttribution(): Record<AttributionKey, string | null> {
  return {
    ps_xid: localStorage.getItem('parley.ps_xid'),
    tolt_referral: localStorage.getItem('parley.tolt_referral'),
  };
}
