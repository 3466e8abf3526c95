/**
 * A card printer behind an IPP queue (CUPS, or the printer's own IPP service): each card is sent as a PDF
 * Print-Job (RFC 8011 §4.2.1) with Debian's `ipptool` (cups-ipp-utils), which encodes the request; the npm `ipp`
 * package is unmaintained. A generic IPP queue has no operation to move a card to the encoder, so insert and
 * eject only track the card position here; the PC/SC reader of the printer's encoder is named in the
 * configuration (`TESSERA_AGENT_IPP_PRINTERS`, see docs/api.md "Printers").
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CardPosition, PrinterError, type CardPrinter, type PrinterInfo, type PrintJob } from './types';

/** The Print-Job request, in ipptool's test language; `$uri`, `$filename` and `$jobname` are filled in by ipptool. */
const PRINT_JOB_TEST = `{
  NAME "Print a card"
  OPERATION Print-Job
  GROUP operation-attributes-tag
  ATTR charset attributes-charset utf-8
  ATTR language attributes-natural-language en
  ATTR uri printer-uri $uri
  ATTR name requesting-user-name tessera
  ATTR name job-name $jobname
  ATTR mimeMediaType document-format application/pdf
  FILE $filename
  STATUS successful-ok
  STATUS successful-ok-ignored-or-substituted-attributes
  EXPECT job-id OF-TYPE integer
  DISPLAY job-id
}
`;

/** One IPP card printer from the configuration. */
export interface IppPrinterOptions {
  /** The name the console shows. */
  name: string;
  /** The queue, e.g. `ipp://127.0.0.1:631/printers/CardPrinter`. */
  uri: string;
  /** The PC/SC reader of the printer's card encoder, or null. */
  encoderReader?: string | null;
  /** The ipptool binary (default `ipptool` on the PATH). */
  ipptool?: string;
  /** Time limit of one job submission, ms (default 60 s). */
  timeoutMs?: number;
}

/** Prints cards to an IPP queue. */
export class IppCardPrinter implements CardPrinter {
  readonly #options: Required<Omit<IppPrinterOptions, 'encoderReader'>>;
  readonly #position: CardPosition;
  readonly encoderReader: string | null;

  constructor(options: IppPrinterOptions) {
    if (!/^ipps?:\/\//.test(options.uri)) throw new PrinterError('PRINTER', `printer '${options.name}' needs an ipp:// or ipps:// URI`);
    this.#options = { ipptool: 'ipptool', timeoutMs: 60_000, ...options };
    this.#position = new CardPosition(options.name);
    this.encoderReader = options.encoderReader ?? null;
  }

  info(): PrinterInfo {
    return { name: this.#options.name, isCardPrinter: true };
  }

  async insertCard(): Promise<void> {
    this.#position.insert();
  }

  async ejectCard(): Promise<void> {
    this.#position.eject();
  }

  /** Sends the card's PDF as a Print-Job; the printed card id carries the queue's job id. */
  async print(job: PrintJob): Promise<{ printedCardId: string }> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-ipp-'));
    try {
      const pdf = path.join(dir, 'card.pdf');
      const test = path.join(dir, 'print-job.test');
      await writeFile(pdf, job.pdf);
      await writeFile(test, PRINT_JOB_TEST);
      const jobName = `card-${job.cardSerial.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 60)}`;
      const output = await new Promise<string>((resolve, reject) => {
        execFile(this.#options.ipptool, ['-d', `jobname=${jobName}`, '-f', pdf, this.#options.uri, test], { timeout: this.#options.timeoutMs }, (error, stdout, stderr) => {
          if (error) reject(new PrinterError('PRINTER', `printer '${this.#options.name}' refused the job: ${(stderr || stdout || error.message).trim().split('\n').slice(-3).join(' ')}`, { cause: error }));
          else resolve(stdout);
        });
      });
      // DISPLAY job-id prints a column: the header, a rule, then the id.
      const jobId = /^\s*(\d+)\s*$/m.exec(output)?.[1];
      if (!jobId) throw new PrinterError('PRINTER', `printer '${this.#options.name}' answered no job id`);
      this.#position.printed();
      return { printedCardId: `${randomUUID()}.ipp-job-${jobId}` };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
