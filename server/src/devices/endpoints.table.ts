import type { Generated, Selectable } from 'kysely';

/** `device_endpoints`: where a device presents a TLS certificate, and what the last scan saw (issue 13). */
export interface DeviceEndpointsTable {
  id: Generated<string>;
  tenant_id: string;
  device_id: string;
  host: string;
  port: number;
  server_name: Generated<string>;
  label: Generated<string>;
  last_scan_at: Date | null;
  last_scan_error: string | null;
  cert_fingerprint: string | null;
  cert_serial: string | null;
  cert_issuer: string | null;
  cert_subject: string | null;
  cert_not_after: Date | null;
  /** The matching Tessera certificate, null when none. */
  certificate_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** An endpoint row. */
export type DeviceEndpointRow = Selectable<DeviceEndpointsTable>;
