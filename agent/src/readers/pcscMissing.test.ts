/**
 * Without the pcsclite addon (or without libpcsclite under it) the pcsc backend says what to install. The PC/SC
 * host is given a module that does not exist, as on a machine where npm dropped the optional addon: this test
 * does not depend on the addon being on disk.
 */
import { join } from 'node:path';
import { PCSC_MISSING_MESSAGE, PcscReaderBackend } from './pcsc';

describe('pcsc backend without the system library', () => {
  it('should fail with a clear message naming what to install, and leave no host process behind', async () => {
    const backend = new PcscReaderBackend({ bindingModule: join(__dirname, 'no-such-pcsclite-addon') });
    await expect(backend.start()).rejects.toMatchObject({ code: 'PCSC_UNAVAILABLE', message: PCSC_MISSING_MESSAGE });
    expect(PCSC_MISSING_MESSAGE).toContain('apt-get install libpcsclite-dev pcscd');
    expect(backend.hostPid).toBeUndefined();
  });
});
