import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * No calls to private networks (decision 0100): a store address the user typed must resolve
 * only to public addresses, so a probe cannot make the server call 127.0.0.1:5432 or the cloud
 * metadata service at 169.254.169.254. Checked before any request; the connectors do not follow
 * redirects (http.ts), so a public store cannot bounce us inward either. Known limit: the name is
 * resolved again when fetched, so a name whose answers change between the two (DNS rebinding)
 * is not caught here.
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return !blocked.check(ip, 'ipv4');
  if (family !== 6) return false;
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return !blocked.check(mapped[1]!, 'ipv4');
  return !blocked.check(ip, 'ipv6');
}

export type AddressCheck = 'public' | 'private' | 'unresolvable';

/** Every address the name resolves to must be public. */
export async function checkHostname(hostname: string): Promise<AddressCheck> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host) ? 'public' : 'private';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'private';
  try {
    const answers = await lookup(host, { all: true, verbatim: true });
    if (!answers.length) return 'unresolvable';
    return answers.every((a) => isPublicAddress(a.address)) ? 'public' : 'private';
  } catch {
    return 'unresolvable';
  }
}
