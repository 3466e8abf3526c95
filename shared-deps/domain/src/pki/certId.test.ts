import { formatCertId, parseCertId } from './certId';

describe('certificate ids', () => {
  it('should join the CA id and the lower-case serial with a colon', () => expect(formatCertId('ca-1', '0AFF')).toBe('ca-1:0aff'));
  it('should parse an id back', () => expect(parseCertId('b1d0e7a4-1111-4222-8333-944445555666:0aff')).toEqual({ caId: 'b1d0e7a4-1111-4222-8333-944445555666', serialNumber: '0aff' }));
  it('should refuse an id without a hex serial', () => {
    expect(parseCertId('ca-1')).toBeNull();
    expect(parseCertId('ca-1:xyz')).toBeNull();
    expect(parseCertId(':0a')).toBeNull();
  });
});
