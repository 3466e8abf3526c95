/**
 * Identity figures of `npm run bench` (issue 13), run by scripts/bench.mjs through tsx in its own process:
 *  - p95 latency of the user search (GET /api2/IDM-v1/Users?search=…, the query behind the users list and
 *    `/search/users`) over 100,000 users in PGlite, or 1,000,000 in PostgreSQL when BENCH_DATABASE_URL is
 *    set (goal ≤ 50 ms at 1,000,000);
 *  - wall time of a CSV import of 100,000 users through the API (goal ≤ 60 s): the file sent once with one
 *    bad row (refused, per-row error named, nothing created), then fixed and applied.
 * The server is the real app (buildApp) listening on a local port. Prints one JSON line of results.
 * BENCH_REUSE=1 (PostgreSQL only) keeps the seeded database between runs: a database already bootstrapped by
 * this bench is signed into instead, seeded only when it holds fewer than BENCH_USERS users, and the imported
 * users are deleted at the end, so the next run starts from the same million (seeding it takes minutes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { buildApp } from '../../server/src/app';

const POSTGRES = process.env.BENCH_DATABASE_URL;
const TOTAL = Number(process.env.BENCH_USERS ?? (POSTGRES ? 1_000_000 : 100_000));
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_USERS ?? 100_000);
const REUSE = Boolean(POSTGRES) && process.env.BENCH_REUSE === '1';
const ADMIN = { tenantName: 'Bench', username: 'bench-admin', password: 'bench-Password-123456', emailAddress: 'bench@example.test' };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-identity-'));
  const env: Record<string, string> = { TESSERA_DATA_DIR: dataDir, TESSERA_RATE_LIMIT_MAX: '0', TESSERA_WEB_DIR: path.join(dataDir, 'web'), TESSERA_LOG_LEVEL: 'warn' };
  if (POSTGRES) env.TESSERA_DATABASE_URL = POSTGRES;
  const app = await buildApp({ env });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const jar: Record<string, string> = {};
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const i = pair.indexOf('=');
        jar[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
      }
    };
    const cookie = () => Object.entries(jar).map(([k, v]) => `${k}=${v}`).join('; ');
    keep(await fetch(`${base}/api2/Authentication-v1/Xsrf`));
    const send = async (method: string, p: string, body?: unknown) => {
      const res = await fetch(`${base}${p}`, { method, headers: { 'content-type': 'application/json', 'x-xsrf-token': jar['XSRF-TOKEN'] ?? '', cookie: cookie() }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      keep(res);
      return res;
    };
    const boot = await send('POST', '/api2/IDM-v1/Bootstrap', ADMIN);
    let tenantId: string;
    if (boot.status === 201) tenantId = ((await boot.json()) as { tenantId: string }).tenantId;
    else {
      const seeded = REUSE ? await app.db.selectFrom('tenants').select('id').where('name', '=', ADMIN.tenantName).executeTakeFirst() : undefined;
      if (!seeded) throw new Error(`bootstrap answered ${boot.status}${POSTGRES && !REUSE ? ' (a used database: BENCH_REUSE=1 reuses one this bench seeded)' : ''}`);
      tenantId = seeded.id;
    }
    if ((await send('POST', '/api2/Authentication-v1/login', { username: ADMIN.username, password: ADMIN.password })).status !== 200) throw new Error('sign-in failed');
    // The imported users of a run sort before the seeded ones ('imp…' < 'user…'): deleted but not vacuumed, they sat dead at
    // the head of the username order that every broad-term walk starts from (the 1 % shape: 46 ms p50 with them, 5 ms without,
    // session 9). Deleted and vacuumed, before the searches and after the import, as a freshly seeded database never had them.
    const dropImported = async () => {
      await sql`delete from users where tenant_id = ${tenantId}::uuid and username like 'imp%'`.execute(app.db);
      await sql`vacuum analyze users`.execute(app.db);
    };
    if (REUSE) await dropImported();
    const { n: present } = await app.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', tenantId).where('username', 'like', 'user%').executeTakeFirstOrThrow();

    // Seed with generate_series: names from small lists, so a surname matches about 1 user in 500.
    let t = performance.now();
    if (Number(present) < TOTAL) await sql`
      insert into users (tenant_id, username, password_hash, given_name, family_name, email)
      select ${tenantId}::uuid,
             'user' || lpad(i::text, 7, '0'),
             '!bench',
             (array['Ada','Alan','Grace','Linus','Ken','Barbara','Donald','Edsger','Frances','John','Margaret','Niklaus','Radia','Tim','Vint','Whitfield','Adele','Dennis','Hedy','Katherine'])[1 + i % 20],
             (array['Lovelace','Turing','Hopper','Torvalds','Thompson','Liskov','Knuth','Dijkstra','Allen','Backus','Hamilton','Wirth','Perlman','Berners','Cerf','Diffie','Goldberg','Ritchie','Lamarr','Johnson'])[1 + (i / 20) % 20] || (i % 25),
             'user' || i || '@bench' || (i % 100) || '.example'
      from generate_series(${Number(present) + 1}::int, ${TOTAL}::int) as i`.execute(app.db);
    await sql`analyze users`.execute(app.db);
    const seedMs = performance.now() - t;

    // p95 of the search: sequential requests over the shapes people type (a username, a surname, an
    // e-mail fragment, a given name with a page offset, a miss), 10 a page as the console asks.
    const terms: Record<string, string | number>[] = [
      { search: 'user0012345' },
      { search: 'user00123' },
      { search: 'Knuth17' },
      { search: '@bench42.example', skip: 20 },
      { search: 'Hedy', skip: 50 },
      { search: 'nobody-by-this-name' },
      { search: 'user00999' },
    ];
    const query = (q: Record<string, string | number>) => `/api2/IDM-v1/Users?${new URLSearchParams({ take: '10', sortField: 'username', sortDirection: 'asc', ...Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])) })}`;
    for (let i = 0; i < 12; i++) await send('GET', query(terms[i % terms.length]!));
    const times: number[] = [];
    const byTerm = new Map<string, number[]>();
    const rounds = Number(process.env.BENCH_SEARCH_REQUESTS ?? 210);
    for (let i = 0; i < rounds; i++) {
      const term = terms[i % terms.length]!;
      const started = performance.now();
      const res = await send('GET', query(term));
      const body = (await res.json()) as { totalResults: number };
      if (res.status !== 200 || typeof body.totalResults !== 'number') throw new Error(`search answered ${res.status}`);
      const ms = performance.now() - started;
      times.push(ms);
      byTerm.set(String(term.search), [...(byTerm.get(String(term.search)) ?? []), ms]);
    }
    times.sort((a, b) => a - b);
    // The p50 of each shape, to see which one sets the p95.
    const termP50Ms = Object.fromEntries([...byTerm].map(([term, list]) => [term, Number(percentile(list.sort((a, b) => a - b), 50).toFixed(1))]));
    // The unfiltered first page (count of every user + the first 10 by username), for reference.
    const listTimes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      if ((await send('GET', query({}))).status !== 200) throw new Error('list failed');
      listTimes.push(performance.now() - started);
    }
    listTimes.sort((a, b) => a - b);

    // CSV import through the API: one bad row first (refused, nothing created), then fixed and applied.
    const bad = Math.floor(IMPORT_ROWS / 2);
    const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => `imp${String(i + 1).padStart(6, '0')},Imported,Person${i % 1000},imp${i + 1}@import.example,,`);
    const header = 'username,givenName,familyName,emailAddress,telephone,organisation';
    const broken = [header, ...rows.slice(0, bad - 1), 'bad/name,Broken,Row,broken@import.example,,', ...rows.slice(bad)].join('\n');
    t = performance.now();
    const refused = (await (await send('POST', '/api2/IDM-v1/UsersImport', { csv: broken })).json()) as { applied: boolean; created: number; errors: { row: number; column: string; message: string }[] };
    const refusedMs = performance.now() - t;
    if (refused.applied || refused.errors.length !== 1 || refused.errors[0]!.row !== bad || refused.errors[0]!.column !== 'username') {
      throw new Error(`the bad row was not refused as expected: ${JSON.stringify(refused).slice(0, 300)}`);
    }
    t = performance.now();
    const appliedRes = await send('POST', '/api2/IDM-v1/UsersImport', { csv: [header, ...rows].join('\n') });
    const applied = (await appliedRes.json()) as { applied: boolean; created: number };
    const applyMs = performance.now() - t;
    if (appliedRes.status !== 200 || !applied.applied || applied.created !== IMPORT_ROWS) throw new Error(`import answered ${appliedRes.status}: ${JSON.stringify(applied).slice(0, 300)}`);

    console.log(
      JSON.stringify({
        database: POSTGRES ? 'PostgreSQL' : 'PGlite',
        users: TOTAL,
        seedMs: Math.round(seedMs),
        searchRequests: rounds,
        searchP50Ms: Number(percentile(times, 50).toFixed(1)),
        searchP95Ms: Number(percentile(times, 95).toFixed(1)),
        termP50Ms,
        listP95Ms: Number(percentile(listTimes, 95).toFixed(1)),
        importRows: IMPORT_ROWS,
        importRefusedMs: Math.round(refusedMs),
        importApplyMs: Math.round(applyMs),
        importBadRow: refused.errors[0],
        reused: Number(present) >= TOTAL,
      }),
    );
    if (REUSE) await dropImported();
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench identity: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
