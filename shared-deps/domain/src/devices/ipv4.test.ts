import { ipv4ToNumber, isIpInSubnet, isValidHostname, isValidIpv4, numberToIpv4, subnetRange } from './ipv4';
import { childLevelOf, parentLevelOf } from './locales';

describe('ipv4', () => {
  it('should read four octets and refuse leading zeros, five octets and values above 255', () => {
    expect(ipv4ToNumber('10.0.0.5')).toBe(167772165);
    expect(ipv4ToNumber('255.255.255.255')).toBe(4294967295);
    for (const bad of ['010.0.0.1', '1.2.3', '1.2.3.4.5', '256.0.0.1', '', 'a.b.c.d']) expect(isValidIpv4(bad)).toBe(false);
    expect(numberToIpv4(167772165)).toBe('10.0.0.5');
  });

  it('should give the range of a subnet whose host bits are zero, and none otherwise', () => {
    expect(subnetRange('10.1.2.0/24')).toEqual({ network: '10.1.2.0', last: '10.1.2.255', prefix: 24, size: 256 });
    expect(subnetRange('0.0.0.0/0')?.size).toBe(2 ** 32);
    expect(subnetRange('10.1.2.1/24')).toBeNull();
    expect(subnetRange('10.1.2.0/33')).toBeNull();
  });

  it('should tell whether an address lies in a subnet', () => {
    expect(isIpInSubnet('10.1.2.255', '10.1.2.0/24')).toBe(true);
    expect(isIpInSubnet('10.1.3.0', '10.1.2.0/24')).toBe(false);
    expect(isIpInSubnet('10.1.2.9', '10.1.2.8/30')).toBe(true);
    expect(isIpInSubnet('10.1.2.12', '10.1.2.8/30')).toBe(false);
  });

  it('should accept host names of labels and refuse empty labels, edge hyphens and spaces', () => {
    expect(isValidHostname('ws-042.acme.example')).toBe(true);
    for (const bad of ['', 'a..b', '-a', 'a-', 'a b', 'x'.repeat(64)]) expect(isValidHostname(bad)).toBe(false);
  });
});

describe('locale levels', () => {
  it('should put a location at the top and a room at the bottom', () => {
    expect(parentLevelOf('location')).toBeNull();
    expect(parentLevelOf('sublocation')).toBe('location');
    expect(parentLevelOf('room')).toBe('area');
    expect(childLevelOf('area')).toBe('room');
    expect(childLevelOf('room')).toBeNull();
  });
});
