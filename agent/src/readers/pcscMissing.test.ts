/**
 * Without the pcsclite addon (or without libpcsclite under it) the pcsc backend says what to install.
 * The mock is virtual: the addon is optional and may be absent from node_modules (npm drops an optional
 * dependency whose build failed), and this test must not depend on it being on disk.
 */
jest.mock(
  'pcsclite',
  () => {
    throw new Error('libpcsclite.so.1: cannot open shared object file: No such file or directory');
  },
  { virtual: true },
);

import { PCSC_MISSING_MESSAGE, PcscReaderBackend, loadPcsc } from './pcsc';

describe('pcsc backend without the system library', () => {
  it('should fail with a clear message naming what to install', async () => {
    expect(() => loadPcsc()).toThrow(PCSC_MISSING_MESSAGE);
    await expect(new PcscReaderBackend().start()).rejects.toMatchObject({ code: 'PCSC_UNAVAILABLE', message: expect.stringContaining('apt-get install libpcsclite-dev pcscd') });
  });
});
