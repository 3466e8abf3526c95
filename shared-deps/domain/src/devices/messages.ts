/**
 * Texts of devices, subnets and locales (admin-console §3, §5). The spec gives the subnet rule but no
 * wording: every text here is designed.
 */

/** A subnet that overlaps another of the tenant (designed). */
export function subnetOverlaps(other: string): string {
  return `This subnet overlaps the subnet ${other}.`;
}

/** The device texts, by code (merged into `MESSAGES`). */
export const DEVICE_MESSAGES = Object.freeze({
  SUBNET_INVALID: 'Enter a subnet in CIDR form with four octets and zero host bits, such as 10.0.0.0/24.',
  SUBNET_DUPLICATE: 'This subnet already exists.',
  subnetOverlaps,
  SUBNET_IN_USE: 'This subnet still has devices; move or delete them first.',
  IP_ADDRESS_INVALID: 'Enter an IPv4 address with four octets, such as 10.0.0.5.',
  IP_NOT_IN_SUBNET: 'The IP address is not inside the chosen subnet.',
  IP_ADDRESS_TAKEN: 'Another device already uses this IP address.',
  HOSTNAME_INVALID: 'Enter a host name of letters, digits, dots and hyphens (at most 253 characters).',
  HOSTNAME_DUPLICATE: 'A device with this host name already exists.',
  DEVICE_CREATED: 'The device was successfully created',
  DEVICE_UPDATED: 'The device was successfully updated',
  DEVICE_BATCH_DONE: 'The devices were uploaded',
  LOCALE_PARENT_LEVEL: 'A location has no parent; a sublocation belongs to a location, an area to a sublocation and a room to an area.',
  LOCALE_DUPLICATE: 'A locale with this name already exists at this place.',
  LOCALE_HAS_CHILDREN: 'This locale still holds other locales; delete them first.',
} as const);
