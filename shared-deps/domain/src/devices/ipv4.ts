/**
 * IPv4 addresses and subnets (admin-console §3 "Subnets with their IPs", §5 subnet rule). Pure
 * arithmetic on dotted quads; the subnet rule itself is `isValidSubnet`.
 */
import { isValidSubnet } from '../common/validation/isValidSubnet';

const OCTET = /^(0|[1-9]\d{0,2})$/;

/** The address as an unsigned 32-bit number, or null when it is not four decimal octets 0–255 without leading zeros. */
export function ipv4ToNumber(value: string): number | null {
  const octets = value.split('.');
  if (octets.length !== 4 || !octets.every((octet) => OCTET.test(octet) && Number(octet) <= 255)) return null;
  return octets.reduce((acc, octet) => acc * 256 + Number(octet), 0);
}

/** The dotted quad of an unsigned 32-bit number. */
export function numberToIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** Whether `value` is an IPv4 address of four octets. */
export function isValidIpv4(value: string): boolean {
  return ipv4ToNumber(value) !== null;
}

/** A subnet's range (valid CIDR only). */
export interface SubnetRange {
  /** The network address (first address). */
  network: string;
  /** The last address (broadcast for prefixes below 31). */
  last: string;
  prefix: number;
  /** Number of addresses in the subnet, 2^(32 − prefix). */
  size: number;
}

/** The range of a valid subnet, or null when `cidr` breaks the subnet rule (admin-console §5). */
export function subnetRange(cidr: string): SubnetRange | null {
  if (!isValidSubnet(cidr)) return null;
  const [address, prefixText] = cidr.split('/') as [string, string];
  const prefix = Number(prefixText);
  const start = ipv4ToNumber(address)!;
  const size = 2 ** (32 - prefix);
  return { network: address, last: numberToIpv4(start + size - 1), prefix, size };
}

/** Whether the address lies inside the subnet (false when either is malformed). */
export function isIpInSubnet(ip: string, cidr: string): boolean {
  const range = subnetRange(cidr);
  const value = ipv4ToNumber(ip);
  if (!range || value === null) return false;
  const start = ipv4ToNumber(range.network)!;
  return value >= start && value < start + range.size;
}

const HOST_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

/** Whether `value` is a host name: dot-separated labels of letters, digits and inner hyphens, 253 characters at most. */
export function isValidHostname(value: string): boolean {
  return value.length > 0 && value.length <= 253 && value.split('.').every((label) => HOST_LABEL.test(label));
}
