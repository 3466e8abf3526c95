/**
 * With the addon present but pcscd not answering, SCardEstablishContext fails at once: the backend says so as
 * PCSC_UNAVAILABLE and asks whether pcscd runs, instead of the binding's bare error. The PC/SC host loads a
 * stand-in binding that fails as the real one does.
 */
import { join } from 'node:path';
import { PcscReaderBackend } from './pcsc';

describe('pcsc backend when pcscd does not answer', () => {
  it('should fail as PCSC_UNAVAILABLE and ask whether pcscd is running', async () => {
    await expect(new PcscReaderBackend({ bindingModule: join(__dirname, '../testing/fake-pcsclite-down.cjs') }).start()).rejects.toMatchObject({
      code: 'PCSC_UNAVAILABLE',
      message: 'PC/SC error: SCardEstablishContext error: Service not available.(0x8010001d) (is pcscd running?)',
    });
  });
});
