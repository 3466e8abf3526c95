import { createServer } from 'node:net';
import { networkCause } from './networkCause';

const fetchFailed = (cause: object) => Object.assign(new TypeError('fetch failed'), { cause });

describe('networkCause', () => {
  it('should say connection refused for a port where nothing listens (a real fetch)', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    const error = await fetch(`http://127.0.0.1:${port}/api/login`).catch((e: unknown) => e);
    expect(networkCause(error, `http://127.0.0.1:${port}`)).toBe(`connection refused by 127.0.0.1:${port}: is the server running, and is --server right?`);
  });

  it.each([
    [{ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND tessera.invalid' }, 'the name tessera.invalid was not found (DNS ENOTFOUND)'],
    [{ code: 'EAI_AGAIN' }, 'the name tessera.invalid was not found (DNS EAI_AGAIN)'],
    [{ code: 'DEPTH_ZERO_SELF_SIGNED_CERT', message: 'self-signed certificate' }, 'TLS failed with tessera.invalid:8443: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)'],
    [{ code: 'ERR_TLS_CERT_ALTNAME_INVALID', message: "Hostname/IP does not match certificate's altnames" }, "TLS failed with tessera.invalid:8443: Hostname/IP does not match certificate's altnames (ERR_TLS_CERT_ALTNAME_INVALID)"],
    [{ code: 'UND_ERR_CONNECT_TIMEOUT' }, 'no answer from tessera.invalid:8443 (connection timed out)'],
  ])('should name the cause of %j', (cause, text) => {
    expect(networkCause(fetchFailed(cause), 'https://tessera.invalid:8443')).toBe(text);
  });

  it('should say nothing for an error without a code', () => {
    expect(networkCause(new Error('boom'), 'http://x')).toBeNull();
  });
});
