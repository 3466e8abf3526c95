/**
 * Certificate search (issue 12; admin-console §2.2 `/credentials/certificates/view`): filters, sort and paging
 * in the database, and the capped count that keeps a page turn cheap over a million certificates.
 */
import { sql } from 'kysely';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const SEARCH = '/api2/Certificates-v1/SearchCertificates';

/** `count` certificate rows of a tenant, host-1 … host-N, created a minute apart (host-1 newest). */
async function seed(t: TestContext, tenantId: string, count: number, prefix = 'host'): Promise<void> {
  await sql`
    insert into certificates (tenant_id, serial_number, issuer, status, subject, cn, certificate_pem, not_before, not_after, lint, created_at)
    select ${tenantId}::uuid, to_hex(i), 'CN=' || ${prefix}, (array['issued','issued','revoked'])[1 + i % 3],
           'CN=' || ${prefix} || '-' || i || '.example.com', ${prefix} || '-' || i || '.example.com', 'x',
           timestamptz '2026-01-01' + (i % 7 || ' days')::interval, timestamptz '2027-01-01' + (i % 100 || ' days')::interval, '[]'::jsonb,
           timestamptz '2026-06-01' - (i || ' minutes')::interval
    from generate_series(1, ${count}::int) as i`.execute(t.db);
}

describe('SearchCertificates', () => {
  let t: TestContext;
  let admin: TestClient;

  beforeAll(async () => {
    t = await build();
    const { tenantId } = await t.bootstrap();
    // Two blocks of 10 pages of 10 and 5 more (the count stops at the end of the page's block).
    await seed(t, tenantId, 1005);
    // Another tenant's certificates never count.
    await seed(t, await t.createTenant('Globex', ['globex.test']), 20, 'globex');
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
  }, 180_000);
  afterAll(async () => t?.close());

  it('should stop counting at the end of the page\'s block of 10 pages and say so, and count exactly below it', async () => {
    expect((await admin.post(SEARCH, {})).json()).toMatchObject({ totalResults: 100, totalCapped: true, page: 1, pageSize: 10 });
    // Page 10 ends the first block; page 11 counts to 200; page 101 is in the last block: exact.
    expect((await admin.post(SEARCH, { page: 10 })).json()).toMatchObject({ totalResults: 100, totalCapped: true });
    expect((await admin.post(SEARCH, { page: 11 })).json()).toMatchObject({ totalResults: 200, totalCapped: true });
    expect((await admin.post(SEARCH, { page: 101 })).json()).toMatchObject({ totalResults: 1005, totalCapped: false });
    // A block is 10 pages of the size asked for: pages of 100 count to 1,000 and more exist.
    expect((await admin.post(SEARCH, { pageSize: 100 })).json()).toMatchObject({ totalResults: 1000, totalCapped: true });
    const few = (await admin.post(SEARCH, { filters: { subject: 'host-100' } })).json();
    // host-100 and host-1000 … host-1005 (CN substring, case-insensitive).
    expect([few.totalResults, few.totalCapped]).toEqual([7, false]);
    expect(few.results.map((r: { cn: string }) => r.cn).sort()).toEqual(['host-100.example.com', 'host-1000.example.com', 'host-1001.example.com', 'host-1002.example.com', 'host-1003.example.com', 'host-1004.example.com', 'host-1005.example.com']);
    expect((await admin.post(SEARCH, { filters: { subject: 'HOST-100.' } })).json()).toMatchObject({ totalResults: 1, totalCapped: false });
    expect((await admin.post(SEARCH, { filters: { subject: 'globex' } })).json()).toMatchObject({ totalResults: 0, totalCapped: false });
  });

  it('should sort both ways with a stable tie-break and page without overlap', async () => {
    const newest = (await admin.post(SEARCH, { filters: { subject: 'host-1' } })).json();
    expect(newest.results[0].cn).toBe('host-1.example.com');
    const oldest = (await admin.post(SEARCH, { filters: { subject: 'host-1' }, sortDirection: 'asc' })).json();
    expect(oldest.results[0].cn).toBe('host-1005.example.com');
    // Ties: many certificates share a validTo; both directions give the same order reversed.
    const ask = async (sortDirection: 'asc' | 'desc', page: number) => (await admin.post(SEARCH, { filters: { subject: 'host-2' }, sortField: 'validTo', sortDirection, page, pageSize: 100 })).json();
    const asc = [...(await ask('asc', 1)).results, ...(await ask('asc', 2)).results].map((r: { certId: string }) => r.certId);
    expect(new Set(asc).size).toBe(asc.length);
    const validTo = [...(await ask('asc', 1)).results].map((r: { validTo: string }) => r.validTo);
    expect([...validTo].sort()).toEqual(validTo);
    const total = (await ask('asc', 1)).totalResults as number;
    const lastAsc = (await ask('asc', Math.ceil(total / 100))).results.at(-1).certId;
    expect((await ask('desc', 1)).results[0].certId).toBe(lastAsc);
  });

  it('should filter by status and serial prefix within the tenant', async () => {
    const revoked = (await admin.post(SEARCH, { filters: { status: ['revoked'], subject: 'host-99' } })).json();
    expect(revoked.totalResults).toBeGreaterThan(0);
    expect(revoked.results.every((r: { status: string }) => r.status === 'revoked')).toBe(true);
    // Serials are i in hex: '3e' prefixes 0x3e and 0x3e0–0x3eb (i ≤ 1005 = 0x3ed: 0x3e0–0x3ed), in either case.
    const ab = (await admin.post(SEARCH, { filters: { serial: '3E' } })).json();
    expect([ab.totalResults, ab.totalCapped]).toEqual([15, false]);
    expect(ab.results.every((r: { serialNumber: string }) => r.serialNumber.startsWith('3e'))).toBe(true);
  });
});
