/** CA status (admin-console §4 "derived as PendingCert, ExpiredCert or ActiveCert"). */
import type { CaStatus } from './constants';

/**
 * The status of a CA from its certificate's validity (RFC 5280 §4.1.2.5: valid from notBefore to notAfter,
 * both inclusive): before notBefore PendingCert, after notAfter ExpiredCert, else ActiveCert. The spec notes
 * the old console always answered ActiveCert; Tessera derives it from the dates.
 */
export function deriveCaStatus(caCert: { notBefore: Date | string; notAfter: Date | string }, now: Date | number): CaStatus {
  const t = typeof now === 'number' ? now : now.getTime();
  if (t < new Date(caCert.notBefore).getTime()) return 'PendingCert';
  if (t > new Date(caCert.notAfter).getTime()) return 'ExpiredCert';
  return 'ActiveCert';
}
