/**
 * Ticket figures of `npm run bench` (issue 6), run by scripts/bench.mjs through tsx in its own process:
 *  - p95 latency of POST SearchSupportTickets over 100,000 tickets (a mix of the console's queries);
 *  - wall time of `tessera tickets close` closing 10,000 of them (filters, 100 per PATCH).
 * The server is the real app (buildApp) listening on a local port with its own PGlite data folder;
 * the CLI runs in this process against it over HTTP with undici. Prints one JSON line of results.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { fetch as undiciFetch } from 'undici';
import { buildApp } from '../../server/src/app';
import { createProgram } from '../../cli/src/program';
import type { CliContext } from '../../cli/src/context';

const TOTAL = Number(process.env.BENCH_TICKETS ?? 100_000);
const TO_CLOSE = TOTAL / 10;
const ADMIN = { tenantName: 'Bench', username: 'bench-admin', password: 'bench-Password-123456', emailAddress: 'bench@example.test' };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-tickets-'));
  const configDir = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-cli-'));
  const app = await buildApp({ env: { TESSERA_DATA_DIR: dataDir, TESSERA_RATE_LIMIT_MAX: '0', TESSERA_WEB_DIR: path.join(dataDir, 'web') } });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    // First run and sign-in, over HTTP like the console.
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
    const post = async (p: string, body: unknown) => {
      const res = await fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': jar['XSRF-TOKEN'] ?? '', cookie: cookie() }, body: JSON.stringify(body) });
      keep(res);
      return res;
    };
    const boot = await post('/api2/IDM-v1/Bootstrap', ADMIN);
    if (boot.status !== 201) throw new Error(`bootstrap answered ${boot.status}`);
    const { tenantId, userId } = (await boot.json()) as { tenantId: string; userId: string };
    if ((await post('/api2/Authentication-v1/login', { username: ADMIN.username, password: ADMIN.password })).status !== 200) throw new Error('sign-in failed');

    // Seed: one ticket in ten is an old open 'Other' ticket (the ones the CLI will close).
    let t = performance.now();
    await sql`
      insert into tickets (tenant_id, title, category, description, status, priority, created_by, created_at, updated_at)
      select ${tenantId}::uuid,
             'Ticket ' || i || case when i % 97 = 0 then ' printer jam' else '' end,
             case when i % 10 = 0 then 'Other' else (array['General','Bug','Feature'])[1 + i % 3] end,
             'Seeded ticket number ' || i,
             case when i % 10 = 0 then 'TICKET_STATUS_OPEN' else (array['TICKET_STATUS_OPEN','TICKET_STATUS_REVIEWED','TICKET_STATUS_IN_PROGRESS','TICKET_STATUS_CLOSED','TICKET_STATUS_REOPENED'])[1 + i % 5] end,
             (array['Low','Medium','High'])[1 + i % 3],
             ${userId}::uuid,
             now() - (i || ' minutes')::interval - case when i % 10 = 0 then interval '40 days' else interval '0' end,
             now() - (i || ' seconds')::interval - case when i % 10 = 0 then interval '40 days' else interval '0' end
      from generate_series(1, ${TOTAL}) as i`.execute(app.db);
    await sql`analyze tickets`.execute(app.db);
    const seedMs = performance.now() - t;

    // p95 of SearchSupportTickets: sequential requests over the console's query shapes.
    const queries = [
      {},
      { skip: 500 },
      { search_groups: [{ field: 'category', value: 'Bug' }], skip: 100 },
      { search_groups: [{ field: 'ticketStatus', value: ['TICKET_STATUS_OPEN', 'TICKET_STATUS_REOPENED'] }], sort_field: 'createdAt', sort_direction: 'asc' },
      { search_groups: [{ field: 'createdBy', value: userId }, { field: 'ticketStatus', value: 'TICKET_STATUS_IN_PROGRESS' }] },
      { search_groups: [{ field: 'text', value: 'printer' }] },
      { search_groups: [{ field: 'updatedAt', operator: 'before', value: new Date(Date.now() - 30 * 86_400_000).toISOString() }, { field: 'category', value: 'Other' }], take: 100 },
    ];
    for (let i = 0; i < 14; i++) await post('/api2/Monitoring-v1/SearchSupportTickets', queries[i % queries.length]);
    const times: number[] = [];
    const rounds = Number(process.env.BENCH_SEARCH_REQUESTS ?? 210);
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      const res = await post('/api2/Monitoring-v1/SearchSupportTickets', queries[i % queries.length]);
      const body = (await res.json()) as { totalResults: number };
      if (res.status !== 200 || typeof body.totalResults !== 'number') throw new Error(`search answered ${res.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);

    // `tessera tickets close` of the 10,000 old 'Other' tickets, through the real command.
    let out = '';
    let err = '';
    const context: CliContext = {
      fetch: undiciFetch as unknown as typeof fetch,
      env: { TESSERA_CONFIG_DIR: configDir },
      stdout: (text) => void (out += text),
      stderr: (text) => void (err += text),
      readStdin: async () => ADMIN.password,
      isInteractive: () => false,
      promptPassword: async () => ADMIN.password,
      exit: (code) => {
        throw new Error(`tessera exited ${code}: ${err.trim()}`);
      },
    };
    await createProgram(context).parseAsync(['login', '--server', base, '--username', ADMIN.username, '--password-stdin'], { from: 'user' });
    t = performance.now();
    await createProgram(context).parseAsync(['tickets', 'close', '--category', 'Other', '--older-than', '30d'], { from: 'user' });
    const closeMs = performance.now() - t;
    const closed = await app.db.selectFrom('tickets').select((eb) => eb.fn.countAll<string>().as('n')).where('category', '=', 'Other').where('status', '=', 'TICKET_STATUS_CLOSED').executeTakeFirstOrThrow();
    if (Number(closed.n) !== TO_CLOSE) throw new Error(`closed ${closed.n} tickets, expected ${TO_CLOSE}: ${out.trim()}`);

    console.log(
      JSON.stringify({
        tickets: TOTAL,
        seedMs: Math.round(seedMs),
        searchRequests: rounds,
        searchP50Ms: Number(percentile(times, 50).toFixed(1)),
        searchP95Ms: Number(percentile(times, 95).toFixed(1)),
        closeTickets: TO_CLOSE,
        closeMs: Math.round(closeMs),
        closeOutput: out.trim().split('\n').at(-1),
      }),
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(configDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench tickets: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
