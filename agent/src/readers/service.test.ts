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

  it('should hold a reader for a card session, relay APDU batches with the stop rule, and release it on CloseCard', async () => {
    const backend = new VirtualReaderBackend([{ name: 'R', card: new VirtualPivCard({ serial: 4242 }) }]);
    const service = new ReaderService({ backend });
    await service.start();
    await waitFor(() => service.get('R').smartcard?.serialNumber === '4242');
    const { handle, atr } = await service.openCard('R');
    expect(atr).toMatch(/^3B8C8001/);
    expect(service.get('R').processing).toBe(true);
    await expect(service.openCard('R')).rejects.toMatchObject({ code: 'BUSY' });
    // Another operation on the reader waits for the session to end.
    let pinChecked = false;
    const waiting = service.validatePin('R', '123456').then(() => (pinChecked = true));
    const select = { apdu: Buffer.from('00a4040009a0000003080000100000', 'hex'), expect: ['9000'] };
    const serial = { apdu: Buffer.from('00f8000000', 'hex'), expect: ['9000'] };
    const wrongPin = { apdu: Buffer.from('0020008008393939393939ffff', 'hex'), expect: ['9000'] };
    const answers = await service.transmit(handle, [select, wrongPin, serial]);
    // Stopped after the unexpected 63C2: the GET SERIAL was not sent.
    expect(answers.map((a) => a.subarray(-2).toString('hex'))).toEqual(['9000', '63c2']);
    const [, serialAnswer] = await service.transmit(handle, [select, serial]);
    expect(serialAnswer!.readUInt32BE(0)).toBe(4242);
    expect(pinChecked).toBe(false);
    await service.closeCard(handle);
    await waiting;
    expect(pinChecked).toBe(true);
    expect(service.get('R').processing).toBe(false);
    await expect(service.transmit(handle, [serial])).rejects.toMatchObject({ code: 'CARD_SESSION' });
    await service.closeCard(handle);
    expect(service.cardSessions()).toEqual([]);
    await service.close();
  });

  it('should close an idle card session and refuse a session on an empty or unknown reader', async () => {
    const backend = new VirtualReaderBackend([{ name: 'R', card: new VirtualPivCard() }, { name: 'E' }]);
    const service = new ReaderService({ backend, cardIdleMs: 60 });
    await service.start();
    const { handle } = await service.openCard('R');
    await service.transmit(handle, [{ apdu: Buffer.from('00a4040009a0000003080000100000', 'hex'), expect: ['9000'] }]);
    await waitFor(() => service.cardSessions().length === 0, 1000);
    await expect(service.transmit(handle, [{ apdu: Buffer.from('00f8000000', 'hex'), expect: ['9000'] }])).rejects.toMatchObject({ code: 'CARD_SESSION' });
    expect((await service.openCard('R')).handle).not.toBe(handle);
    await expect(service.openCard('E')).rejects.toMatchObject({ code: 'NO_CARD' });
    await expect(service.openCard('nope')).rejects.toMatchObject({ code: 'NO_READER' });
    await service.close();
    expect(service.cardSessions()).toEqual([]);
  });

  it('should fail a Transmit with NO_CARD when the card is pulled out mid-session', async () => {
    const backend = new VirtualReaderBackend([{ name: 'R', card: new VirtualPivCard() }]);
    const service = new ReaderService({ backend });
    await service.start();
    const { handle } = await service.openCard('R');
    backend.remove(0);
    await expect(service.transmit(handle, [{ apdu: Buffer.from('00f8000000', 'hex'), expect: ['9000'] }])).rejects.toMatchObject({ code: 'NO_CARD' });
    await service.closeCard(handle);
    expect(service.get('R').processing).toBe(false);
    await service.close();
  });
});

