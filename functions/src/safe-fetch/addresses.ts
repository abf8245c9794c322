// Which IP addresses a fetch of a user-supplied URL may connect to: public unicast only. ipaddr.js names the range
// of every address (loopback, private, link-local with the cloud metadata server at 169.254.169.254, carrier-grade
// NAT, benchmarking, documentation, multicast, reserved, unique-local, NAT64, 6to4, Teredo, …); only its `unicast`
// range (what no special-purpose block covers) is public. An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged by
// the IPv4 address inside, because that is where the connection goes.
//
// Every answer of every lookup is checked, so the check is a hot path: ipaddr.js's blocks are read once into
// numbers, and an address that node:net has already validated is compared against them without building objects.
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

type SpecialRanges<T> = Record<string, [T, number] | [T, number][]>;

/** A range list's entries, whether ipaddr.js lists one block for a name or several. */
function blocksOf<T>(ranges: SpecialRanges<T>): [T, number][] {
  return Object.values(ranges).flatMap((entry) => (Array.isArray(entry[0]) ? (entry as [T, number][]) : [entry as [T, number]]));
}

/** IPv4 special-purpose blocks as [network, mask], 32-bit unsigned. */
const IPV4_BLOCKS: [number, number][] = blocksOf((ipaddr.IPv4.prototype as unknown as { SpecialRanges: SpecialRanges<ipaddr.IPv4> }).SpecialRanges).map(
  ([address, bits]) => {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    const [a, b, c, d] = address.octets as [number, number, number, number];
    return [((((a << 24) | (b << 16) | (c << 8) | d) >>> 0) & mask) >>> 0, mask];
  },
);

/** IPv6 special-purpose blocks as their eight 16-bit parts and prefix length. */
const IPV6_BLOCKS: [number[], number][] = blocksOf((ipaddr.IPv6.prototype as unknown as { SpecialRanges: SpecialRanges<ipaddr.IPv6> }).SpecialRanges).map(
  ([address, bits]) => [address.parts, bits],
);

function isPublicIPv4(value: number): boolean {
  for (const [network, mask] of IPV4_BLOCKS) if (((value & mask) >>> 0) === network) return false;
  return true;
}

/** A dotted quad that node:net accepted (decimal, no leading zeros) as a 32-bit unsigned number. */
function ipv4Value(text: string): number {
  const [a, b, c, d] = text.split('.').map(Number) as [number, number, number, number];
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

/** The eight 16-bit parts of an IPv6 address that node:net accepted (with "::" and a trailing dotted quad allowed). */
function ipv6Parts(text: string): number[] {
  const parts = [0, 0, 0, 0, 0, 0, 0, 0];
  let end = text.length;
  let last = 8;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const value = ipv4Value(text.slice(lastColon + 1));
    parts[6] = value >>> 16;
    parts[7] = value & 0xffff;
    last = 6;
    // "…::a.b.c.d" keeps its "::"; "…:x:a.b.c.d" drops the colon before the quad.
    end = text[lastColon - 1] === ':' ? lastColon + 1 : lastColon;
  }
  const gap = text.indexOf('::');
  const leftEnd = gap === -1 || gap >= end ? end : gap;
  let i = 0;
  if (leftEnd > 0) for (const h of text.slice(0, leftEnd).split(':')) parts[i++] = parseInt(h, 16);
  if (gap !== -1 && gap + 2 < end) {
    const right = text.slice(gap + 2, end).split(':');
    let j = last - right.length;
    for (const h of right) parts[j++] = parseInt(h, 16);
  }
  return parts;
}

function inBlock(parts: number[], block: number[], bits: number): boolean {
  for (let i = 0; bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if (((parts[i] ?? 0) & mask) !== ((block[i] ?? 0) & mask)) return false;
  }
  return true;
}

/**
 * The rule read straight off ipaddr.js, object by object: the general path, taken for a zone id (which DNS never
 * answers); the fast path below must answer exactly as it does (addresses.test.ts).
 */
export function isPublicByIpaddr(ip: string): boolean {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return false;
  }
  if (address.range() !== 'unicast') return false;
  return address.kind() === 'ipv4' || isGlobalUnicast((address as ipaddr.IPv6).parts);
}

/**
 * ipaddr.js calls every IPv6 address no special block covers `unicast`, the unassigned space and the deprecated
 * IPv4-compatible form (::a.b.c.d) among them; only global unicast 2000::/3 is the public internet.
 */
function isGlobalUnicast(parts: number[]): boolean {
  return ((parts[0] ?? 0) & 0xe000) === 0x2000;
}

/** Whether a fetch may connect to this literal IP address (IPv4 or IPv6, without brackets, a zone id allowed). */
export function isPublicAddress(ip: string): boolean {
  const zone = ip.indexOf('%');
  // node:net's strict test first: ipaddr.js also reads shorthand like "1.2.3", which a resolver never answers.
  const kind = isIP(zone === -1 ? ip : ip.slice(0, zone));
  if (kind === 0) return false;
  if (zone !== -1) return isPublicByIpaddr(ip);
  if (kind === 4) return isPublicIPv4(ipv4Value(ip));
  const parts = ipv6Parts(ip);
  // IPv4-mapped (::ffff:a.b.c.d): the connection goes to the IPv4 address.
  if (parts[0] === 0 && parts[1] === 0 && parts[2] === 0 && parts[3] === 0 && parts[4] === 0 && parts[5] === 0xffff) {
    return isPublicIPv4((((parts[6] ?? 0) << 16) | (parts[7] ?? 0)) >>> 0);
  }
  for (const [block, bits] of IPV6_BLOCKS) if (inBlock(parts, block, bits)) return false;
  return isGlobalUnicast(parts);
}

/**
 * Host names that never lead anywhere public, refused before any lookup (the lookup's answers are checked too):
 * localhost and its subdomains, and the suffixes of internal networks and cloud metadata names.
 */
export function isInternalHostName(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || ['.localhost', '.internal', '.local', '.home.arpa'].some((suffix) => host.endsWith(suffix));
}
