import { describe, expect, it } from 'vitest';
import { isPrivate } from './private-addresses.ts';

describe('addresses a link upload never reaches', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '169.254.169.254',
    '192.0.2.5',
    '203.0.113.9',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    // IPv4 inside IPv6 forms a gateway may turn into the internal address.
    '::7f00:1',
    '64:ff9b::7f00:1',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::1',
    '2001:db8::1',
    'fd00::1',
    'fe80::1',
  ])('refuses %s', (address) => {
    expect(isPrivate(address)).toBe(true);
  });

  it.each(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'])(
    'takes the public %s',
    (address) => {
      expect(isPrivate(address)).toBe(false);
    },
  );
});
