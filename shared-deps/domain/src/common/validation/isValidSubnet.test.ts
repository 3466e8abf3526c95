import { isValidSubnet } from './isValidSubnet';

describe('isValidSubnet', () => {
  it.each(['10.0.0.0/8', '192.168.1.0/24', '192.168.1.128/25', '0.0.0.0/0', '10.1.2.3/32'])('should accept %s', (subnet) => {
    expect(isValidSubnet(subnet)).toBe(true);
  });
  it('should reject a subnet whose host bits are not zero', () => {
    expect(isValidSubnet('192.168.1.1/24')).toBe(false);
    expect(isValidSubnet('11.0.0.0/7')).toBe(false);
  });
  it.each(['192.168.1.0', '192.168.1/24', '256.0.0.0/8', '10.0.0.0/33', '10.0.0.0/', '010.0.0.0/8', '10.0.0.0/08', 'a.b.c.d/8', '10.0.0.0/8/1', ' 10.0.0.0/8'])(
    'should reject the malformed subnet %j',
    (subnet) => {
      expect(isValidSubnet(subnet)).toBe(false);
    },
  );
});
