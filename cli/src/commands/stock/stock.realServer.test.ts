/**
 * `tessera stock receive | list` against the real server and database (undici to a listening Fastify app on a fresh
 * PGlite): a bad file is refused line by line before anything is sent, a big file is received whole with its
 * progress bar, a serial already in stock refuses the whole file on the server, the list filters by state.
 */
import path from 'node:path';
import { run } from '../../testing/harness';
import { useRealServer } from '../../testing/realServer';
import { stockCommand } from './index';

describe('tessera stock against the real server', () => {
  const s = useRealServer('stock');
  const stockCount = async () => (await s.t.db.selectFrom('smartcard_stock').select('id').where('tenant_id', '=', s.tenantId).execute()).length;

  it('should print every bad line, exit 1 and receive nothing', async () => {
    const csv = s.file('bad.csv', 'serial,cardType\nA-1,PIV\nA-1,PIV\nB 2,PIV\nC-3\n');
    expect(await run(stockCommand(s.harness.context), ['receive', csv])).toBe(1);
    expect(s.harness.stdout()).toContain('Line 3, serial: is named twice in the file (line 2)');
    expect(s.harness.stdout()).toContain('Line 4, serial: may hold only letters, digits and . _ : -');
    expect(s.harness.stdout()).toContain('Line 5: must have 2 or 3 values: serial,cardType[,batch]');
    expect(s.harness.stderr()).toContain('error: 3 problems in');
    expect(await stockCount()).toBe(0);
  });

  it('should receive a big file whole with a progress bar, fill empty card types, and answer JSON', async () => {
    const lines = Array.from({ length: 2500 }, (_, i) => `CARD-${String(i).padStart(5, '0')},${i % 2 ? 'PIV' : ''},lot-7`);
    const csv = s.file('big.csv', ['serial,cardType,batch', ...lines].join('\n'));
    const mark = s.harness.stdout().length;
    expect(await run(stockCommand(s.harness.context), ['receive', csv, '--card-type', 'Prox', '--json'])).toBe(0);
    expect(JSON.parse(s.harness.stdout().slice(mark))).toEqual({ received: 2500, cardTypes: { Prox: 1250, PIV: 1250 } });
    expect(s.harness.stderr()).toMatch(/Checking +\[.*\] 2500\/2500/);
    expect(s.harness.stderr()).toMatch(/Receiving \[.*\] 2500\/2500/);
    expect(await stockCount()).toBe(2500);
  });

  it('should exit 1 with the server\'s one line when a serial is already in stock, and receive nothing', async () => {
    const csv = s.file('again.csv', 'serial,cardType\nNEW-1,PIV\ncard-00004,PIV\n');
    expect(await run(stockCommand(s.harness.context), ['receive', csv])).toBe(1);
    expect(s.harness.stderr()).toContain('The file was not received: Line 3, serial: is already in stock');
    expect(await stockCount()).toBe(2500);
  });

  it('should list by state as a table and as JSON, and refuse an unknown state', async () => {
    await s.t.db.updateTable('smartcard_stock').set({ state: 'in_stock' }).where('serial', '=', 'CARD-00001').execute();
    expect(await run(stockCommand(s.harness.context), ['list', '--state', 'in_stock'])).toBe(0);
    expect(s.harness.stdout()).toMatch(/SERIAL +CARD TYPE +BATCH +STATE/);
    expect(s.harness.stdout()).toMatch(/CARD-00001 +PIV +lot-7 +in stock/);
    expect(s.harness.stdout()).toContain('1 card\n');
    const mark = s.harness.stdout().length;
    expect(await run(stockCommand(s.harness.context), ['list', '--card-type', 'Prox', '--search', 'CARD-0000', '--json'])).toBe(0);
    const listed = JSON.parse(s.harness.stdout().slice(mark));
    expect(listed.map((i: { serial: string }) => i.serial).sort()).toEqual(['CARD-00000', 'CARD-00002', 'CARD-00004', 'CARD-00006', 'CARD-00008']);
    expect(await run(stockCommand(s.harness.context), ['list', '--state', 'lost'])).toBe(2);
    expect(s.harness.stderr()).toContain('--state must be one of received, in_stock, issued, returned, destroyed');
  });

  it('should refuse an unreadable file with a usage error', async () => {
    expect(await run(stockCommand(s.harness.context), ['receive', path.join(s.dir, 'missing.csv')])).toBe(2);
    expect(s.harness.stderr()).toContain('cannot read');
  });
});
