import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { VirtualCardPrinter } from './virtual';

const job = { cardSerial: '42', front: Buffer.from('front-png'), back: Buffer.from('back-png'), pdf: Buffer.from('%PDF-1.7 card') };

describe('VirtualCardPrinter', () => {
  it('should insert, refuse a second insert, write the card as PNG sides and PDF, and refuse an eject after printing', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'tessera-printer-'));
    try {
      const printer = new VirtualCardPrinter({ name: 'Virtual Card Printer', folder, encoderReader: 'Virtual Reader 1' });
      expect(printer.info()).toEqual({ name: 'Virtual Card Printer', isCardPrinter: true });
      expect(printer.encoderReader).toBe('Virtual Reader 1');
      await expect(printer.ejectCard()).rejects.toMatchObject({ code: 'PRINTER' });
      await printer.insertCard();
      await expect(printer.insertCard()).rejects.toMatchObject({ code: 'PRINTER', message: expect.stringContaining('already holds a card') });
      const { printedCardId } = await printer.print(job);
      expect(await readFile(path.join(folder, `${printedCardId}-front.png`), 'utf8')).toBe('front-png');
      expect(await readFile(path.join(folder, `${printedCardId}-back.png`), 'utf8')).toBe('back-png');
      expect(await readFile(path.join(folder, `${printedCardId}.pdf`), 'utf8')).toBe('%PDF-1.7 card');
      expect(JSON.parse(await readFile(path.join(folder, `${printedCardId}.json`), 'utf8'))).toMatchObject({ printer: 'Virtual Card Printer', cardSerial: '42' });
      await expect(printer.ejectCard()).rejects.toMatchObject({ code: 'PRINTER' });
      await printer.insertCard();
      await printer.ejectCard();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
