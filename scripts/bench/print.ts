/**
 * `BENCH_ONLY=print npm run bench` (issue 16 figures): what one printed card costs, per step.
 *  - the server's rendering of a card (front and back: layout → SVG → PNG with resvg at 300 dpi), with text, a photo
 *    box and a QR code, for different users;
 *  - the PDF of the card (pdf-lib, the two PNGs and the invisible text layer);
 *  - the virtual printer writing the card (PNG sides, PDF, JSON) to a temporary folder.
 * The gRPC relay to the agent is measured by the card group. Cards a minute = 60 s / (render + PDF + write).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validateCardLayout } from '@tessera/domain';
import { renderCardPdf, renderCardPng } from '../../server/src/smartcards/card-layouts.render';
import { VirtualCardPrinter } from '../../agent/src/printers/virtual';

const CARDS = Number(process.env.BENCH_PRINT_CARDS ?? 100);

function report(name: string, value: string | number, unit: string, goal: string, ok: boolean): void {
  console.log(`${ok ? 'ok  ' : 'MISS'} ${name}: ${value} ${unit}   (goal: ${goal})`);
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

async function main(): Promise<void> {
  const check = validateCardLayout({
    front: {
      background: { color: '#003366' },
      elements: [
        { type: 'text', source: { field: 'givenName' }, x: 4, y: 4, fontSize: 5, color: '#ffffff', bold: true },
        { type: 'text', source: { field: 'familyName' }, x: 4, y: 11, fontSize: 5, color: '#ffffff' },
        { type: 'text', source: { field: 'title' }, x: 4, y: 18, fontSize: 3, color: '#ffffff' },
        { type: 'photo', x: 60, y: 4, width: 22, height: 28 },
      ],
    },
    back: { elements: [{ type: 'qr', source: { field: 'emailAddress' }, x: 4, y: 4, size: 30 }, { type: 'text', source: { text: 'If found, return to Acme' }, x: 38, y: 44, fontSize: 3 }] },
  });
  if (!check.ok) throw new Error(JSON.stringify(check.problem));
  const layout = check.value;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-print-'));
  const printer = new VirtualCardPrinter({ name: 'Bench printer', folder });
  const render: number[] = [];
  const pdf: number[] = [];
  const write: number[] = [];
  try {
    renderCardPng(layout, { givenName: 'Warm', familyName: 'Up', emailAddress: 'w@example.com' }); // fonts loaded once
    for (let i = 0; i < CARDS; i += 1) {
      const user = { givenName: `Given${i}`, familyName: `Family${i}`, title: 'Engineer', emailAddress: `user${i}@example.com` };
      let t = performance.now();
      const png = renderCardPng(layout, user);
      render.push(performance.now() - t);
      t = performance.now();
      const doc = await renderCardPdf(layout, user, png);
      pdf.push(performance.now() - t);
      t = performance.now();
      await printer.insertCard();
      await printer.print({ cardSerial: String(i), front: png.front, back: png.back, pdf: doc });
      write.push(performance.now() - t);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
  const perCard = (sum(render) + sum(pdf) + sum(write)) / CARDS;
  console.log(`print: ${CARDS} cards (front and back, 1011 x 638 px)`);
  report('render PNG both sides p50', percentile(render, 50).toFixed(1), 'ms', '< 200 ms (a live preview)', percentile(render, 50) < 200);
  report('render PNG both sides p99', percentile(render, 99).toFixed(1), 'ms', 'informational', true);
  report('PDF p50', percentile(pdf, 50).toFixed(1), 'ms', 'informational', true);
  report('virtual printer write p50', percentile(write, 50).toFixed(1), 'ms', 'informational', true);
  report('cards a minute (render + PDF + write, one core)', Math.round(60_000 / perCard), 'cards/min', '> 60 (a card printer prints 1-4 a minute a side)', 60_000 / perCard > 60);
  const total = sum(render) + sum(pdf) + sum(write);
  console.log(`      where the time goes: render ${((100 * sum(render)) / total).toFixed(0)}%, PDF ${((100 * sum(pdf)) / total).toFixed(0)}%, write ${((100 * sum(write)) / total).toFixed(0)}%`);
}

main().catch((error: unknown) => {
  console.error(`bench print: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
