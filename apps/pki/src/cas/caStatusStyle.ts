import type { CaStatus } from '@tessera/domain';

/** How each CA status (admin-console §4) is drawn: Primer label variant, SVG fill and stroke, text. */
export const CA_STATUS_STYLE: Readonly<Record<CaStatus, { label: 'success' | 'attention' | 'danger'; fill: string; stroke: string; text: string }>> = Object.freeze({
  ActiveCert: { label: 'success', fill: '#dafbe1', stroke: '#1a7f37', text: 'Active' },
  PendingCert: { label: 'attention', fill: '#fff8c5', stroke: '#9a6700', text: 'Not yet valid' },
  ExpiredCert: { label: 'danger', fill: '#ffebe9', stroke: '#cf222e', text: 'Expired' },
});
