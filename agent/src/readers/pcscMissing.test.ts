/** Without the pcsclite addon (or without libpcsclite under it) the pcsc backend says what to install. */
jest.mock('pcsclite', () => {
  throw new Error('libpcsclite.so.1: cannot open shared object file: No such file or directory');
});

import { PCSC_MISSING_MESSAGE, PcscReaderBackend, loadPcsc } from './pcsc';

describe('pcsc backend without the system library', () => {
  it('should fail with a clear message naming what to install', async () => {
    expect(() => loadPcsc()).toThrow(PCSC_MISSING_MESSAGE);
    await expect(new PcscReaderBackend().start()).rejects.toMatchObject({ code: 'PCSC_UNAVAILABLE', message: expect.stringContaining('apt-get install libpcsclite-dev pcscd') });
  });
});
