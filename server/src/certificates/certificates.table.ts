import type { ColumnType, Generated, Selectable } from 'kysely';

/** jsonb column: written as JSON text, read as the value. */
type Json<T> = ColumnType<T, string, string>;

/** `certificates`: issued, uploaded and revoked certificates (admin-console §3 certificate details). */
export interface CertificatesTable {
  id: Generated<string>;
  tenant_id: string;
  ca_id: string | null;
  serial_number: string;
  issuer: string;
  template_id: string | null;
  status: string;
  subject: string;
  cn: Generated<string>;
  certificate_pem: string;
  not_before: Date;
  not_after: Date;
  friendly_name: string | null;
  contact_email: string | null;
  requested_by: string | null;
  revocation_reason: string | null;
  revoked_at: Date | null;
  lint: Json<unknown[]>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** `certificate_requests`: the request flow (admin-console §4). */
export interface CertificateRequestsTable {
  id: Generated<string>;
  tenant_id: string;
  template_id: string | null;
  ca_id: string;
  csr_pem: string;
  subject: Generated<string>;
  detail: Json<Record<string, unknown>>;
  status: string;
  failure_code: string | null;
  certificate_id: string | null;
  requested_by: string | null;
  decided_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** `revocations`: revocation requests, pending approval or done. */
export interface RevocationsTable {
  id: Generated<string>;
  tenant_id: string;
  certificate_id: string;
  reason: string;
  comment: string | null;
  state: string;
  failure_code: string | null;
  requested_by: string | null;
  decided_by: string | null;
  requested_at: Generated<Date>;
  revoked_at: Date | null;
}

/** A certificate row. */
export type CertificateRow = Selectable<CertificatesTable>;
/** A request row. */
export type CertificateRequestRow = Selectable<CertificateRequestsTable>;
/** A revocation row. */
export type RevocationRow = Selectable<RevocationsTable>;
