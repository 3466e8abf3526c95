import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { VirtualCardPrinter } from './virtual';

describe('VirtualCardPrinter', () => {
  it('should insert, refuse a second insert, print to the folder and eject', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'tessera-printer-'));
    try {
      const printer = new VirtualCardPrinter({ name: 'Virtual Card Printer', folder });
      expect(printer.info()).toEqual({ name: 'Virtual Card Printer', isCardPrinter: true });
      await expect(printer.ejectCard()).rejects.toMatchObject({ code: 'NO_CARD' });
      await printer.insertCard();
      await expect(printer.insertCard()).rejects.toMatchObject({ code: 'CARD_PRESENT' });
      const { printedCardId } = await printer.print({ cardSerial: '42', fields: { name: 'Ada' } });
      const written = JSON.parse(await readFile(path.join(folder, `${printedCardId}.json`), 'utf8'));
      expect(written).toMatchObject({ printer: 'Virtual Card Printer', cardSerial: '42', fields: { name: 'Ada' } });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
