/** Decoding a certificate, CSR or CRL (admin-console §2.2 `/admin/certificate/decodepem`; docs/api.md "decoding"; issue 12). */
import type { DecodePemRequest, DecodePemResponse } from '@tessera/domain';
import type { HttpSend } from './http';

/** The decode call. */
export interface DecodeCalls {
  /**
   * `POST /api2/PKI-v1/DecodePem` (pEMView): every certificate, CSR and CRL in pasted text or a file's bytes,
   * as readable fields. VALIDATION on `content` with 'Failed to decode' or the 10 MB text.
   */
  decodePem(request: DecodePemRequest): Promise<DecodePemResponse>;
}

/** The decode call over `send`. */
export function decodeCalls(send: HttpSend): DecodeCalls {
  return {
    decodePem: (request) => send({ method: 'POST', path: '/api2/PKI-v1/DecodePem', body: request }),
  };
}
