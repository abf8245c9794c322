// Which IP addresses a fetch of a user-supplied URL may connect to: public unicast only. ipaddr.js names the range
// of every address (loopback, private, link-local with the cloud metadata server at 169.254.169.254, carrier-grade
// NAT, benchmarking, documentation, multicast, reserved, unique-local, NAT64, 6to4, Teredo, …); only its `unicast`
// range (what no special-purpose block covers) is public. An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged by
// the IPv4 address inside, because that is where the connection goes.
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/**
 * ipaddr.js calls every IPv6 address no special block covers `unicast`, the unassigned space and the deprecated
 * IPv4-compatible form (::a.b.c.d) among them; only global unicast 2000::/3 is the public internet.
 */
const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/** Whether a fetch may connect to this literal IP address (IPv4 or IPv6, without brackets, a zone id allowed). */
export function isPublicAddress(ip: string): boolean {
  // node:net's strict test first: ipaddr.js also reads shorthand like "1.2.3", which a resolver never answers.
  if (!isIP(ip.replace(/%.*$/, ''))) return false;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return false;
  }
  if (address.range() !== 'unicast') return false;
  if (address.kind() === 'ipv6') {
    return (address as ipaddr.IPv6).match(IPV6_GLOBAL_UNICAST);
  }
  return true;
}

/**
 * Host names that never lead anywhere public, refused before any lookup (the lookup's answers are checked too):
 * localhost and its subdomains, and the suffixes of internal networks and cloud metadata names.
 */
export function isInternalHostName(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || ['.localhost', '.internal', '.local', '.home.arpa'].some((suffix) => host.endsWith(suffix));
}
