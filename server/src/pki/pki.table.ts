import type { ColumnType, Generated, Selectable } from 'kysely';

/** jsonb column: written as JSON text, read as the value. */
type Json<T> = ColumnType<T, string, string>;

/** `certificate_authorities`: CAs of a tenant with their sealed keys (issue 12). */
export interface CertificateAuthoritiesTable {
  id: Generated<string>;
  tenant_id: string;
  friendly_name: string;
  parent_id: string | null;
  key_algorithm: string;
  key_store: Generated<string>;
  /** SecretBox-sealed PKCS#8 (base64) of a `software` key. Never answered or logged. */
  sealed_key: string;
  certificate_pem: string;
  subject: string;
  serial_number: string;
  not_before: Date;
  not_after: Date;
  imported: Generated<boolean>;
  licensed_templates: Json<{ licensedTemplateId: string; enabled: boolean; anonymousEnabled: boolean; selfServiceEligible: boolean }[]>;
  licensed_tenants: Json<{ tenantId: string; enabled: boolean }[]>;
  created_at: Generated<Date>;
}

/** `certificate_templates`: the template's admin-console §3 fields in `settings`. */
export interface CertificateTemplatesTable {
  id: Generated<string>;
  tenant_id: string;
  ca_id: string;
  name: string;
  class: string;
  settings: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** `template_ordering`: templateId and uiOrdering (admin-console §3). */
export interface TemplateOrderingTable {
  tenant_id: string;
  template_id: string;
  ui_ordering: number;
}

/** `crls`: the current CRL of each CA. */
export interface CrlsTable {
  ca_id: string;
  crl_number: ColumnType<string, string | number, string | number>;
  this_update: Date;
  next_update: Date;
  der_base64: string;
}

/** A CA row. */
export type CaRow = Selectable<CertificateAuthoritiesTable>;
/** A template row. */
export type TemplateRow = Selectable<CertificateTemplatesTable>;
