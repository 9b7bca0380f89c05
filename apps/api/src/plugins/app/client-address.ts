import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a client is counted by in the per-address limits: an IPv4 address as it is, an
 * IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, what a dual-stack socket reports for an IPv4
 * client) as that IPv4 address, and any other IPv6 address as its /64 (`2001:db8:1:2::/64`).
 * An IPv6 subscriber is given at least a whole /64 and picks addresses in it freely, so counting
 * single IPv6 addresses would let one client be 2^64 clients. Anything that is not an address
 * (no socket address at all) is counted as it is.
 */
export function clientAddressKey(ip: string): string {
  // A zone id (fe80::1%eth0) names the local interface, not the client.
  const address = ip.split('%', 1)[0]?.toLowerCase() ?? '';
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail split in two). */
function ipv6Groups(address: string): number[] {
  const toGroups = (part: string): number[] => {
    if (part === '') return [];
    return part.split(':').flatMap((piece) => {
      if (!piece.includes('.')) return [Number.parseInt(piece, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const [head = '', tail] = address.split('::');
  const before = toGroups(head);
  if (tail === undefined) return before;
  const after = toGroups(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}
