import type { Generated, Selectable } from 'kysely';

/** `subnets`: IPv4 subnets of a tenant (admin-console §3, §5). `network` and `size` are numbers for range queries. */
export interface SubnetsTable {
  id: Generated<string>;
  tenant_id: string;
  cidr: string;
  network: string | number;
  size: string | number;
  name: Generated<string>;
  description: Generated<string>;
  created_at: Generated<Date>;
}

/** `devices`: devices of a tenant (admin-console §2.2 Devices, §3). */
export interface DevicesTable {
  id: Generated<string>;
  tenant_id: string;
  hostname: string;
  serial_number: Generated<string>;
  device_type: Generated<string>;
  description: Generated<string>;
  /** Dotted quad, '' when none. */
  ip_address: Generated<string>;
  /** The address as a number (null when none). */
  ip_number: string | number | null;
  mac_address: Generated<string>;
  subnet_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A device row. */
export type DeviceRow = Selectable<DevicesTable>;
/** A subnet row. */
export type SubnetRow = Selectable<SubnetsTable>;
