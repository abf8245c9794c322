import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isInternalHostName, isPublicAddress, isPublicByIpaddr } from './addresses';

/** A small seeded generator, so a failure names an address that fails again. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
}

/** Addresses in every written form, biased towards the edges of the special blocks. */
function addresses(count: number): string[] {
  const next = seeded(2026);
  const hex = () => (next() & 0xffff).toString(16);
  const octet = () => [0, 10, 100, 127, 169, 172, 192, 198, 203, 224, 240, 255][next() % 12]! ^ (next() % 4 === 0 ? next() & 0xff : 0);
  const quad = () => [octet(), next() & 0xff, next() & 0xff, next() & 0xff].join('.');
  const firstHextet = () => ['0', '64', '100', '2001', '2002', '2620', '3fff', 'fc00', 'fd12', 'fe80', 'fec0', 'ff02', hex()][next() % 13]!;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const parts = [firstHextet(), ...Array.from({ length: 7 }, () => (next() % 3 === 0 ? '0' : hex()))];
    switch (i % 6) {
      case 0: out.push(quad()); break;
      case 1: out.push(parts.join(':')); break;
      case 2: out.push(`${parts.slice(0, 1 + (next() % 3)).join(':')}::${parts.slice(5).join(':')}`); break;
      case 3: out.push(`::ffff:${quad()}`); break;
      case 4: out.push(`${parts.slice(0, 2).join(':')}::${quad()}`); break;
      default: out.push(`::${next() % 2 ? 'ffff:' : ''}${hex()}:${hex()}`);
    }
  }
  return out;
}

describe('isPublicAddress, fast path against the general one', () => {
  it('answers as ipaddr.js does for 30,000 addresses in every written form', () => {
    const sample = addresses(30_000);
    // node:net's check first, as isPublicAddress does: ipaddr.js alone reads shorthand no resolver answers.
    const disagreements = sample.filter((ip) => isPublicAddress(ip) !== (isIP(ip) !== 0 && isPublicByIpaddr(ip)));
    expect(disagreements.slice(0, 10)).toEqual([]);
    // The sample holds both answers in plenty, so agreeing is not agreeing on one answer.
    const publicCount = sample.filter(isPublicAddress).length;
    expect(publicCount).toBeGreaterThan(3_000);
    expect(sample.length - publicCount).toBeGreaterThan(3_000);
  });
});

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8', '1.1.1.1', '93.184.216.34',
    // the first addresses just outside the refused ranges
    '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '198.17.255.255', '198.20.0.0', '223.255.255.255',
    '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '2001:4860:4860::8888',
    // IPv4-mapped: judged by the IPv4 address inside
    '::ffff:8.8.8.8', '::ffff:808:808',
  ])('lets %s through', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    // IPv4: loopback, "this network", private, carrier-grade NAT, link-local (metadata), benchmarking, docs, multicast, reserved
    '127.0.0.1', '127.255.255.254', '0.0.0.0', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1',
    '100.64.0.0', '100.100.100.200', '100.127.255.255', '169.254.169.254', '198.18.0.1', '198.19.255.255',
    '192.0.0.1', '192.0.2.1', '198.51.100.7', '203.0.113.9', '224.0.0.1', '240.0.0.1', '255.255.255.255',
    // IPv6: unspecified, loopback, IPv4-mapped and -compatible private addresses, NAT64, 6to4, Teredo, ULA, link-local, multicast, docs
    '::', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '::ffff:10.0.0.1', '::127.0.0.1',
    '64:ff9b::7f00:1', '64:ff9b::808:808', '2002:7f00:1::', '2001:0:4136:e378:8000:63bf:3fff:fdd2', 'fd00::1', 'fc00::1',
    'fe80::1', 'fe80::1%eth0', 'ff02::1', '2001:db8::1', '3fff::1',
    // the forms ipaddr.js names: NAT64 and 6to4 of 10.0.0.1, local-use NAT64, IPv4-translated (::ffff:0:a.b.c.d),
    // discard-only, IPv6 benchmarking, AS112 and AMT, 6to4 relay anycast, site multicast
    '64:ff9b::a00:1', '64:ff9b::10.0.0.1', '2002:a00:1::', '64:ff9b:1::a00:1', '::ffff:0:a00:1', '100::1', '2001:2::1',
    '192.31.196.1', '192.175.48.1', '192.52.193.1', '2620:4f:8000::1', '192.88.99.1', 'ff05::1:3',
    '100.64.0.1', '::ffff:100.64.0.1', '::ffff:0.0.0.0', '::ffff:c0a8:101',
    // not an address at all
    'localhost', '', '1.2.3', '::ffff:1.2.3.4.5',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
});

describe('isInternalHostName', () => {
  it('refuses localhost and internal suffixes, not ordinary names', () => {
    for (const name of ['localhost', 'LOCALHOST', 'api.localhost', 'metadata.google.internal', 'printer.local', 'nas.home.arpa']) {
      expect(isInternalHostName(name), name).toBe(true);
    }
    for (const name of ['example.com', 'localhost.example.com', 'internal.example.com']) expect(isInternalHostName(name), name).toBe(false);
  });
});
