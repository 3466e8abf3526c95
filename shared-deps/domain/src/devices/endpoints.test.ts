import { ENDPOINT_MESSAGES, endpointCertificateStatus, endpointInputProblem } from './endpoints';

describe('device certificate endpoints', () => {
  it.each([
    [{ host: 'www.acme.example', port: 443 }, null],
    [{ host: '10.0.0.5', port: 8443, serverName: 'api.acme.example' }, null],
    [{ host: 'bad host', port: 443 }, 'host'],
    [{ host: '10.0.0.256', port: 443 }, 'host'],
    [{ host: 'www.acme.example', port: 0 }, 'port'],
    [{ host: 'www.acme.example', port: 65536 }, 'port'],
    [{ host: 'www.acme.example', port: 44.5 }, 'port'],
    [{ host: 'www.acme.example', port: 443, serverName: 'no sni' }, 'serverName'],
  ])('should judge %j → %s', (input, field) => {
    expect(endpointInputProblem(input)?.[0] ?? null).toBe(field);
  });

  it('should name the port message for a port out of range', () => {
    expect(endpointInputProblem({ host: 'a.example', port: 70000 })).toEqual(['port', ENDPOINT_MESSAGES.PORT_INVALID]);
  });

  it('should rank revoked, expired, expiring within 30 days, unknown and valid', () => {
    const now = Date.parse('2026-12-01T00:00:00Z');
    const day = 86_400_000;
    expect(endpointCertificateStatus(null, null, now)).toBe('not_scanned');
    expect(endpointCertificateStatus(null, 'refused', now)).toBe('error');
    expect(endpointCertificateStatus({ notAfter: new Date(now + 90 * day), tesseraStatus: 'revoked', matched: true }, null, now)).toBe('revoked');
    expect(endpointCertificateStatus({ notAfter: new Date(now - 1), tesseraStatus: 'issued', matched: true }, null, now)).toBe('expired');
    expect(endpointCertificateStatus({ notAfter: new Date(now + 30 * day), tesseraStatus: 'issued', matched: true }, null, now)).toBe('expiring');
    expect(endpointCertificateStatus({ notAfter: new Date(now + 31 * day), tesseraStatus: null, matched: false }, null, now)).toBe('unknown');
    expect(endpointCertificateStatus({ notAfter: new Date(now + 31 * day), tesseraStatus: 'issued', matched: true }, null, now)).toBe('valid');
  });
});
