import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isPublicAddress, parseIpAddress } from '../../../../src/server/net/public-address';
import { checkPublicHost, NO_PRIVATE_HOSTS, parsePrivateHostAllowance } from '../../../../src/server/net/public-host';

describe('which addresses the server may connect to for a user-given URL', () => {
  it('reads every way of writing 127.0.0.1 as 127.0.0.1', () => {
    for (const form of ['127.0.0.1', '0x7f000001', '0X7F000001', '2130706433', '0177.0.0.1', '0x7f.0.0.1', '127.1', '127.0.1', '127.0.0.1.']) {
      expect(parseIpAddress(form), form).toEqual([127, 0, 0, 1]);
    }
    expect(parseIpAddress('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1]);
    expect(parseIpAddress('[::ffff:7f00:1]')).toEqual(parseIpAddress('::ffff:127.0.0.1'));
    for (const notAnAddress of ['256.0.0.1', '1.2.3.4.5', '08.0.0.1', '0x1g.0.0.1', 'example.com', '', '1.2.3.256', ':::1']) expect(parseIpAddress(notAnAddress), notAnAddress).toBeNull();
  });

  it('refuses loopback, private, shared, link-local, reserved and multicast IPv4 addresses', () => {
    const refused = [
      '127.0.0.1', '127.255.255.254', '0x7f000001', '2130706433', '0177.0.0.1', '0.0.0.0', '0.1.2.3', '10.0.0.1', '10.255.255.255', '100.64.0.1', '100.127.255.255',
      '169.254.169.254', '169.254.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '192.0.0.8', '192.0.2.1', '198.18.0.1', '198.19.255.255', '198.51.100.7',
      '203.0.113.9', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['8.8.8.8', '1.1.1.1', '100.63.255.255', '100.128.0.1', '172.15.255.255', '172.32.0.1', '192.167.1.1', '198.20.0.1', '223.255.255.255', '142.250.74.46']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses IPv6 loopback, unspecified, unique-local, link-local, multicast and documentation, and judges an embedded IPv4 as IPv4', () => {
    const refused = [
      '::1', '::', '[::1]', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'fec0::1', 'ff02::1', '2001:db8::1', '2001::1', '3fff::1', '100::1', '1::',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '[::ffff:169.254.169.254]', '::ffff:10.0.0.1', '::127.0.0.1', '::8.8.8.8', '64:ff9b::10.0.0.1', '64:ff9b::a00:1', '2002:7f00:1::1', '2002:0a00:0001::',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['2606:4700:4700::1111', '2a00:1450:4001:81b::200e', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:0808:0808::1']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('judges a name by every address it resolves to, unless the administrator allows its host', async () => {
    const resolvesTo = (...addresses: string[]) => () => Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    await expect(checkPublicHost('push.example.com', NO_PRIVATE_HOSTS, resolvesTo('8.8.8.8'))).resolves.toBeUndefined();
    await expect(checkPublicHost('push.example.com', NO_PRIVATE_HOSTS, resolvesTo('8.8.8.8', '10.0.0.1'))).rejects.toThrow('push.example.com is not on the public internet');
    await expect(checkPublicHost('push.example.com', NO_PRIVATE_HOSTS, resolvesTo())).rejects.toThrow('not on the public internet');
    await expect(checkPublicHost('127.0.0.1', NO_PRIVATE_HOSTS, resolvesTo('8.8.8.8'))).rejects.toThrow('not on the public internet');
    const allowed = parsePrivateHostAllowance('push.internal, 127.0.0.1, [::1]', 'PUSH_ALLOW_PRIVATE_HOSTS');
    await expect(checkPublicHost('push.internal', allowed, resolvesTo('10.0.0.5'))).resolves.toBeUndefined();
    await expect(checkPublicHost('127.0.0.1', allowed)).resolves.toBeUndefined();
    await expect(checkPublicHost('::1', allowed)).resolves.toBeUndefined();
    await expect(checkPublicHost('10.0.0.1', allowed)).rejects.toThrow('not on the public internet');
    await expect(checkPublicHost('10.0.0.1', parsePrivateHostAllowance('*', 'X'))).resolves.toBeUndefined();
    expect(() => parsePrivateHostAllowance('push.internal:8443', 'PUSH_ALLOW_PRIVATE_HOSTS')).toThrow('PUSH_ALLOW_PRIVATE_HOSTS must be');
  });

  it('tells this machine’s own addresses, as a socket gives them, from others', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.1', '::', '::2', '::ffff:10.0.0.1', '8.8.8.8', 'localhost', '']) expect(isLoopbackAddress(address), address).toBe(false);
  });
});
