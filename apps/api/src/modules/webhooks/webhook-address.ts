import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** What an operator is told when a partner's webhook names an address of Visita's own network. */
export const INTERNAL_WEBHOOK_URL_MESSAGE =
  'No puede apuntar a una dirección interna (localhost, red privada, enlace local o reservada): debe ser un servidor público del socio.';

/**
 * Whether Visita may open a connection to this address on a partner's behalf: only ordinary
 * public unicast. Everything else (loopback, RFC 1918, CGNAT, link-local, unique-local,
 * unspecified, multicast, broadcast, documentation and reserved ranges, NAT64, 6to4, Teredo)
 * reaches this machine or its network, or somewhere no partner runs a server, and would let
 * whoever edits a profile probe it through the deliveries list.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv6) {
    // ::ffff:a.b.c.d is the IPv4 address itself to the socket: judge that address.
    if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().range() === 'unicast';
    // The deprecated IPv4-compatible form (::a.b.c.d, ::1 and :: among it) is no public host.
    if (parsed.parts.slice(0, 6).every((part) => part === 0)) return false;
  }
  return parsed.range() === 'unicast';
}

/** Host names that are this machine or a private network's by definition (RFC 6761, RFC 8375, ICANN's .internal). */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)\.?$/i;

/**
 * A first look at a URL as it is saved: a literal internal address, or a name that can only be
 * internal. A name that resolves to one is caught where the connection is made (`guardedLookup`).
 */
export function namesInternalHost(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return false;
  }
  // The URL parser already turned 2130706433, 0x7f.1 and 127.1 into 127.0.0.1.
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(bare)) return !isPublicAddress(bare);
  return INTERNAL_NAME.test(bare);
}

/** A connection refused because of the address it would reach; it carries nothing about that host. */
export class InternalAddressRefused extends Error {
  constructor() {
    super('internal address refused');
    this.name = 'InternalAddressRefused';
  }
}

/**
 * A DNS lookup for the socket itself: the addresses it answers are the ones connected to, so a
 * name cannot pass a check with one address and connect to another (DNS rebinding). A name with
 * any internal address among its answers is refused whole.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...(options as LookupOptions), all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address)))
      return callback(new InternalAddressRefused(), '', 0);
    if (options.all) return callback(null, addresses);
    const [first] = addresses as [LookupAddress];
    return callback(null, first.address, first.family);
  });
};
