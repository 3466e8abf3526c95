/**
 * The IPP printer against a real CUPS: a throwaway `cupsd` (Debian's cups) started here on a free loopback port
 * with its own configuration folder, and a queue whose backend writes each job's document to a temporary folder.
 * The card's PDF goes through ipptool's Print-Job; the file that comes out is the PDF with the card's text
 * (pdftotext, poppler-utils).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, existsSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { IppCardPrinter } from './ipp';

const haveCups = existsSync('/usr/sbin/cupsd') && existsSync('/usr/bin/ipptool') && existsSync('/usr/bin/pdftotext');
const maybe = haveCups ? describe : describe.skip;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitFor(check: () => boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function cardPdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([242.6, 153]);
  page.drawText(text, { x: 10, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Helvetica), opacity: 0 });
  return Buffer.from(await doc.save());
}

maybe('IppCardPrinter against a throwaway CUPS', () => {
  let dir: string;
  let out: string;
  let cupsd: ChildProcess;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-cups-'));
    chmodSync(dir, 0o755);
    for (const sub of ['spool', 'cache', 'state', 'log', 'tmp', 'out', 'bin/backend']) mkdirSync(path.join(dir, sub), { recursive: true });
    out = path.join(dir, 'out');
    for (const sub of ['tmp', 'out']) chmodSync(path.join(dir, sub), 0o1777);
    chmodSync(path.join(dir, 'bin'), 0o755);
    chmodSync(path.join(dir, 'bin/backend'), 0o755);
    // CUPS runs backends from ServerBin: the system's filters, and one backend that captures each job's document.
    for (const sub of ['filter', 'daemon', 'cgi-bin', 'notifier', 'monitor', 'driver']) if (existsSync(`/usr/lib/cups/${sub}`)) symlinkSync(`/usr/lib/cups/${sub}`, path.join(dir, 'bin', sub));
    const backend = path.join(dir, 'bin/backend/tessera-capture');
    writeFileSync(backend, '#!/bin/sh\n[ $# -eq 0 ] && { echo \'file tessera-capture "Unknown" "Tessera capture"\'; exit 0; }\nd="${DEVICE_URI#tessera-capture:}"\nif [ -n "$6" ]; then cat "$6" > "$d/job-$1.pdf"; else cat > "$d/job-$1.pdf"; fi\n');
    chmodSync(backend, 0o755);
    port = await freePort();
    writeFileSync(
      path.join(dir, 'cupsd.conf'),
      `Listen 127.0.0.1:${port}\nLogLevel warn\nBrowsing No\nWebInterface No\nDefaultAuthType None\n<Location />\n  Order allow,deny\n  Allow all\n</Location>\n<Location /admin>\n  Order allow,deny\n  Allow all\n</Location>\n<Policy default>\n  <Limit All>\n    Order allow,deny\n    Allow all\n  </Limit>\n</Policy>\n`,
    );
    writeFileSync(
      path.join(dir, 'cups-files.conf'),
      [`ServerRoot ${dir}`, `ServerBin ${dir}/bin`, `RequestRoot ${dir}/spool`, `CacheDir ${dir}/cache`, `StateDir ${dir}/state`, `TempDir ${dir}/tmp`, `AccessLog ${dir}/log/access_log`, `ErrorLog ${dir}/log/error_log`, `PageLog ${dir}/log/page_log`].join('\n') + '\n',
    );
    cupsd = spawn('/usr/sbin/cupsd', ['-f', '-c', path.join(dir, 'cupsd.conf'), '-s', path.join(dir, 'cups-files.conf')], { stdio: 'ignore' });
    await waitFor(() => {
      try {
        // lpstat -r exits 0 either way: its text says whether the scheduler answers.
        return /scheduler is running/.test(execFileSync('lpstat', ['-h', `127.0.0.1:${port}`, '-r'], { encoding: 'utf8', stdio: 'pipe' }));
      } catch {
        return false;
      }
    }, 20_000, 'cupsd');
    execFileSync('lpadmin', ['-h', `127.0.0.1:${port}`, '-p', 'CardPrinter', '-E', '-v', `tessera-capture:${out}`, '-m', 'raw'], { stdio: 'pipe' });
  }, 60_000);

  afterAll(async () => {
    if (cupsd && cupsd.exitCode === null) {
      const exited = new Promise((resolve) => cupsd.once('exit', resolve));
      cupsd.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  });

  it("should send the card's PDF as a Print-Job and the queue's output should hold the card's text", async () => {
    const printer = new IppCardPrinter({ name: 'Card printer', uri: `ipp://127.0.0.1:${port}/printers/CardPrinter`, encoderReader: 'Encoder 0' });
    expect(printer.encoderReader).toBe('Encoder 0');
    await printer.insertCard();
    const { printedCardId } = await printer.print({ cardSerial: 'SER 42', front: Buffer.alloc(0), back: Buffer.alloc(0), pdf: await cardPdf('Ada Lovelace') });
    const jobId = /ipp-job-(\d+)$/.exec(printedCardId)?.[1];
    expect(jobId).toMatch(/^\d+$/);
    const file = path.join(out, `job-${jobId}.pdf`);
    await waitFor(() => existsSync(file) && readFileSync(file).length > 0, 20_000, 'the printed PDF');
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('Ada Lovelace');
    expect(readdirSync(out)).toHaveLength(1);
    // printing took the card out: the next card can be inserted
    await printer.insertCard();
  }, 60_000);

  it('should fail with PRINTER naming the printer when the queue does not exist, and refuse a non-IPP URI', async () => {
    const printer = new IppCardPrinter({ name: 'Missing', uri: `ipp://127.0.0.1:${port}/printers/Nope`, timeoutMs: 20_000 });
    await expect(printer.print({ cardSerial: '1', front: Buffer.alloc(0), back: Buffer.alloc(0), pdf: await cardPdf('x') })).rejects.toMatchObject({ code: 'PRINTER', message: expect.stringContaining("printer 'Missing' refused the job") });
    expect(() => new IppCardPrinter({ name: 'Bad', uri: 'http://127.0.0.1/x' })).toThrow(expect.objectContaining({ code: 'PRINTER' }));
  }, 60_000);
});
