import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.ts';

describe('the address a client is counted by', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['0:0:0:0:0:ffff:cb00:7107', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0003:0004:0005:0006', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:0:0:1::', '2001:db8:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['FE80::ABCD%25', 'fe80:0:0:0::/64'],
    ['64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
    ['2001:db8:aaaa:bbbb::203.0.113.7', '2001:db8:aaaa:bbbb::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });

  it('puts two addresses of one /64 together, however they are written', () => {
    const key = clientAddressKey('2001:db8:1:2::1');
    expect(clientAddressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientAddressKey('2001:0db8:0001:0002:0000:0000:0000:0099')).toBe(key);
    expect(clientAddressKey('2001:DB8:1:2:A::B')).toBe(key);
  });

  it('keeps neighbouring /64s, and an IPv4 client, apart', () => {
    const key = clientAddressKey('2001:db8:1:2::1');
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientAddressKey('2001:db8:1:1:ffff:ffff:ffff:ffff')).not.toBe(key);
    expect(clientAddressKey('2001:db9:1:2::1')).not.toBe(key);
    expect(clientAddressKey('203.0.113.7')).not.toBe(clientAddressKey('203.0.113.8'));
  });

  it('leaves what is not an address as it is', () => {
    expect(clientAddressKey('')).toBe('');
    expect(clientAddressKey('not-an-address')).toBe('not-an-address');
  });
});
