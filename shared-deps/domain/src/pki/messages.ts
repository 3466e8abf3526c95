/**
 * Texts of certificates and PKI (admin-console §8, issue 12). Quoted texts are the spec's, character for
 * character; the others are marked designed.
 */

/** The PKI texts, by code (merged into `MESSAGES`). */
export const PKI_MESSAGES = Object.freeze({
  // admin-console §8 decode
  DECODE_SUCCESS: 'Successfully decoded',
  DECODE_FAILED: 'Failed to decode',
  // issue 12: key types outside RSA and the NIST curves
  UNRECOGNIZED_ALGORITHM: 'Unrecognized algorithm',
  /** designed */
  CSR_SIGNATURE_INVALID: 'The CSR signature does not verify (proof of possession failed).',
  CSR_UNPARSABLE: 'The CSR is not a PKCS#10 certificate request.',
  KEY_TOO_SMALL: 'The RSA key is smaller than the template allows.',
  KEY_TYPE_NOT_ALLOWED: 'The key type is not allowed by the template.',
  TEMPLATE_EXPIRED: 'The template has expired.',
  CA_NOT_ACTIVE: 'The certificate authority is not active.',
  CERTIFICATE_ISSUED: 'The certificate was issued.',
  REQUEST_PENDING_APPROVAL: 'The request awaits approval.',
  REQUEST_DENIED: 'The request was denied.',
  REVOKED: 'The certificate was revoked.',
  REVOCATION_PENDING: 'The revocation awaits approval.',
  ALREADY_REVOKED: 'The certificate is already revoked.',
  REVOCATION_CANCELLED: 'The revocation was cancelled.',
  OWN_REQUEST_DECISION: 'You cannot approve or deny your own request.',
  REQUEST_NOT_PENDING: 'The request is not awaiting approval.',
  REVOCATION_NOT_PENDING: 'The revocation is not awaiting approval.',
  UPLOAD_NOT_A_CERTIFICATE: 'The file is not an X.509 certificate (PEM or DER).',
  UPLOAD_DUPLICATE: 'The certificate is already stored.',
  ANONYMOUS_NOT_ALLOWED: 'This certificate authority does not take anonymous requests for this template.',
  TEMPLATE_SAVED: 'The template was saved.',
  TEMPLATE_DELETED: 'The template was deleted.',
  TEMPLATE_ORDER_SAVED: 'The template order was saved.',
  CA_CREATED: 'The certificate authority was created.',
  CA_IMPORTED: 'The certificate authority was imported.',
  CA_LICENSING_SAVED: 'The licensing was saved.',
} as const);
