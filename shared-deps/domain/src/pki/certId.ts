/**
 * Certificate ids of the console's paths: `{caId}:{serial number}` (admin-console §2.3 certificate collection
 * redirects to `/credentials/certificates/view/{ca}:{serial number}`). Serials are lower-case hex.
 */

/** The id of a certificate. */
export function formatCertId(caId: string, serialNumber: string): string {
  return `${caId}:${serialNumber.toLowerCase()}`;
}

/** The CA id and serial of a certificate id, or null when it is not `{caId}:{hex}`. */
export function parseCertId(certId: string): { caId: string; serialNumber: string } | null {
  const at = certId.lastIndexOf(':');
  if (at <= 0) return null;
  const serialNumber = certId.slice(at + 1).toLowerCase();
  if (!/^[0-9a-f]{1,40}$/.test(serialNumber)) return null;
  return { caId: certId.slice(0, at), serialNumber };
}
