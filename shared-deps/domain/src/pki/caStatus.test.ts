import { deriveCaStatus } from './caStatus';

describe('deriveCaStatus', () => {
  const cert = { notBefore: '2026-01-01T00:00:00Z', notAfter: '2027-01-01T00:00:00Z' };
  it('should answer PendingCert before notBefore', () => expect(deriveCaStatus(cert, Date.parse('2025-12-31T23:59:59Z'))).toBe('PendingCert'));
  it('should answer ActiveCert from notBefore to notAfter inclusive', () => {
    expect(deriveCaStatus(cert, Date.parse(cert.notBefore))).toBe('ActiveCert');
    expect(deriveCaStatus(cert, new Date(cert.notAfter))).toBe('ActiveCert');
  });
  it('should answer ExpiredCert after notAfter', () => expect(deriveCaStatus(cert, Date.parse('2027-01-01T00:00:01Z'))).toBe('ExpiredCert'));
});
