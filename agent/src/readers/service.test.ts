import { VirtualPivCard } from '@tessera/card';
import { ReaderService, type ReaderChange } from './service';
import { VirtualReaderBackend, virtualReaderName } from './virtual';

async function waitFor(check: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('ReaderService on virtual readers', () => {
  it('should identify cards, report insert and remove, and mark the printer encoder', async () => {
    const backend = new VirtualReaderBackend([
      { name: virtualReaderName(0), card: new VirtualPivCard({ serial: 1234 }) },
      { name: virtualReaderName(1) },
    ]);
    const service = new ReaderService({ backend, printers: { [virtualReaderName(1)]: { name: 'Printer', isCardPrinter: true } } });
    const changes: ReaderChange[] = [];
    service.onChange((c) => changes.push(c));
    await service.start();
    await waitFor(() => service.get(virtualReaderName(0)).smartcard?.serialNumber === '1234');
    expect(service.list()).toEqual([
      { name: 'Tessera Virtual Reader 0', cardPresent: true, smartcard: { atr: expect.stringMatching(/^3B8C8001/), serialNumber: '1234', cardType: 'PIV' }, printer: null, status: 'PRESENT', processing: false },
      { name: 'Tessera Virtual Reader 1', cardPresent: false, smartcard: null, printer: { name: 'Printer', isCardPrinter: true }, status: 'EMPTY', processing: false },
    ]);
    backend.insert(1, new VirtualPivCard({ serial: 99 }));
    await waitFor(() => changes.some((c) => c.type === 'cardIdentified' && c.readerName === virtualReaderName(1)));
    expect(service.get(virtualReaderName(1))).toMatchObject({ cardPresent: true, smartcard: { serialNumber: '99' }, printer: { name: 'Printer' } });
    expect(changes.some((c) => c.type === 'processing' && c.reader?.processing === true)).toBe(true);
    backend.remove(0);
    expect(service.get(virtualReaderName(0))).toMatchObject({ cardPresent: false, smartcard: null, status: 'EMPTY' });
    await expect(service.validatePin(virtualReaderName(0), '123456')).rejects.toMatchObject({ code: 'NO_CARD' });
    await expect(service.validatePin(virtualReaderName(1), '000000')).rejects.toMatchObject({ code: 'WRONG_PIN', triesLeft: 2 });
    expect(await service.validatePin(virtualReaderName(1), '123456')).toEqual({ valid: true });
    expect(() => service.get('nope')).toThrow("reader 'nope' does not exist");
    await service.close();
  });

  it('should run operations on one reader one at a time', async () => {
    const backend = new VirtualReaderBackend([{ name: 'R', card: new VirtualPivCard() }]);
    const service = new ReaderService({ backend });
    await service.start();
    const order: string[] = [];
    const slow = service.withCard('R', async () => {
      order.push('a-start');
      await new Promise((r) => setTimeout(r, 30));
      order.push('a-end');
    });
    const fast = service.withCard('R', async () => {
      order.push('b');
    });
    await Promise.all([slow, fast]);
    expect(order).toEqual(['a-start', 'a-end', 'b']);
    await service.close();
  });
});
