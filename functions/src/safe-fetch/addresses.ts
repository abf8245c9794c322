// Which IP addresses a fetch of a user-supplied URL may connect to: public unicast only. Everything else —
// loopback, private, link-local (the cloud metadata server at 169.254.169.254), carrier-grade NAT, benchmarking,
// documentation, multicast, reserved — is refused, and so is any IPv6 form that carries an IPv4 address
// (IPv4-mapped ::ffff:a.b.c.d is judged by the IPv4 address inside; NAT64, 6to4 and Teredo are refused outright).
import { isIP } from 'node:net';

/** [first address as a number, prefix length] of every IPv4 range that is not public unicast. */
const IPV4_BLOCKED: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // AS112
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function ipv4ToNumber(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const IPV4_RANGES = IPV4_BLOCKED.map(([first, bits]) => {
  const size = 2 ** (32 - bits);
  const start = ipv4ToNumber(first);
  return { start, end: start + size - 1 };
});

function isPublicIpv4(ip: string): boolean {
  const n = ipv4ToNumber(ip);
  return !IPV4_RANGES.some((r) => n >= r.start && n <= r.end);
}

/** Parses hex groups separated by ':' into `out` from `at`; returns the next position. */
function readGroups(text: string, out: number[], at: number): number {
  let value = 0;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 58 /* : */) {
      out[at++] = value;
      value = 0;
      digits = 0;
    } else {
      value = value * 16 + (c <= 57 ? c - 48 : (c | 32) - 87);
      digits++;
    }
  }
  if (digits > 0) out[at++] = value;
  return at;
}

/** The eight 16-bit groups of a valid IPv6 address (zone id dropped, an IPv4 tail converted). */
function expandIpv6(ip: string): number[] {
  let text = ip;
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const groups = [0, 0, 0, 0, 0, 0, 0, 0];
  let v4: number | null = null;
  if (text.includes('.')) {
    const colon = text.lastIndexOf(':');
    v4 = ipv4ToNumber(text.slice(colon + 1));
    text = text.slice(0, colon + 1);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const gap = text.indexOf('::');
  const tailGroups: number[] = [];
  let tailCount = readGroups(gap >= 0 ? text.slice(gap + 2) : '', tailGroups, 0);
  if (v4 !== null) {
    tailGroups[tailCount++] = Math.floor(v4 / 0x10000);
    tailGroups[tailCount++] = v4 % 0x10000;
  }
  readGroups(gap >= 0 ? text.slice(0, gap) : text, groups, 0);
  for (let i = 0; i < tailCount; i++) groups[8 - tailCount + i] = tailGroups[i]!;
  return groups;
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped, an IPv4 tail converted), or null if it is none. */
export function ipv6Groups(ip: string): number[] | null {
  return isIP(ip.replace(/%.*$/, '')) === 6 ? expandIpv6(ip) : null;
}

function isPublicIpv6(ip: string): boolean {
  const g = expandIpv6(ip);
  // IPv4-mapped (::ffff:a.b.c.d): the connection goes to the IPv4 address inside.
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return isPublicIpv4(`${g[6]! >> 8}.${g[6]! & 0xff}.${g[7]! >> 8}.${g[7]! & 0xff}`);
  }
  // Only global unicast (2000::/3) is public; that excludes ::, ::1, IPv4-compatible, NAT64 (64:ff9b::/96),
  // unique-local (fc00::/7), link-local (fe80::/10) and multicast (ff00::/8).
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  if (g[0] === 0x2001 && g[1]! < 0x0200) return false; // 2001::/23 IETF assignments, Teredo 2001::/32 among them
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // documentation
  if (g[0] === 0x2002) return false; // 6to4: carries an IPv4 address
  if ((g[0]! & 0xfff0) === 0x3ff0) return false; // 3fff::/20 documentation
  return true;
}

/** Whether a fetch may connect to this literal IP address (IPv4 or IPv6, without brackets). */
export function isPublicAddress(ip: string): boolean {
  const zone = ip.indexOf('%');
  const kind = isIP(zone >= 0 ? ip.slice(0, zone) : ip);
  if (kind === 4) return isPublicIpv4(ip);
  if (kind === 6) return isPublicIpv6(ip);
  return false;
}

/**
 * Host names that never lead anywhere public, refused before any lookup (the lookup's answers are checked too):
 * localhost and its subdomains, and the suffixes of internal networks and cloud metadata names.
 */
export function isInternalHostName(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || ['.localhost', '.internal', '.local', '.home.arpa'].some((suffix) => host.endsWith(suffix));
}
