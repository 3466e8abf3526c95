/**
 * A certificate's issuer and serial are unique per tenant (issue 12: uploads of out-of-band certificates),
 * not across tenants: a tenant uploading a certificate that another tenant holds must not learn so from a
 * conflict. Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index certificates_issuer_serial`.execute(db);
  await sql`create unique index certificates_tenant_issuer_serial on certificates (tenant_id, issuer, serial_number)`.execute(db);
  // The OCSP responder and the CRL look certificates up by CA and serial.
  await sql`create index certificates_ca_serial on certificates (ca_id, serial_number)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index certificates_ca_serial`.execute(db);
  await sql`drop index certificates_tenant_issuer_serial`.execute(db);
  await sql`create unique index certificates_issuer_serial on certificates (issuer, serial_number)`.execute(db);
}
