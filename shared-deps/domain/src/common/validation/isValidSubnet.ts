/** Subnet rule (admin-console §5): CIDR with four octets whose host bits are zero. */

const OCTET = /^(0|[1-9]\d{0,2})$/;
const PREFIX = /^(0|[1-9]\d?)$/;

/**
 * Whether `value` is an IPv4 subnet in CIDR form `a.b.c.d/n`: four decimal octets 0–255 (no leading
 * zeros), a prefix 0–32, and every host bit (after the prefix) zero (admin-console §5).
 */
export function isValidSubnet(value: string): boolean {
  const [address, prefixText, extra] = value.split('/');
  if (address === undefined || prefixText === undefined || extra !== undefined || !PREFIX.test(prefixText)) return false;
  const prefix = Number(prefixText);
  if (prefix > 32) return false;
  const octets = address.split('.');
  if (octets.length !== 4 || !octets.every((octet) => OCTET.test(octet) && Number(octet) <= 255)) return false;
  const ip = octets.reduce((acc, octet) => acc * 256 + Number(octet), 0);
  const hostSize = 2 ** (32 - prefix);
  return ip % hostSize === 0;
}
