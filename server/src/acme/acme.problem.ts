/**
 * ACME problem documents (RFC 8555 §6.7, RFC 7807): an error with its `urn:ietf:params:acme:error:*` type and
 * HTTP status, answered as application/problem+json by the ACME routes' own error handler.
 */

/** The RFC 8555 §6.7 error types this server answers. */
export type AcmeErrorType =
  | 'accountDoesNotExist'
  | 'alreadyRevoked'
  | 'badCSR'
  | 'badNonce'
  | 'badPublicKey'
  | 'badRevocationReason'
  | 'badSignatureAlgorithm'
  | 'connection'
  | 'dns'
  | 'externalAccountRequired'
  | 'incorrectResponse'
  | 'malformed'
  | 'orderNotReady'
  | 'rateLimited'
  | 'rejectedIdentifier'
  | 'serverInternal'
  | 'tls'
  | 'unauthorized'
  | 'unsupportedIdentifier';

/** An ACME error: `type` (short), HTTP status and a detail for people. */
export class AcmeProblem extends Error {
  constructor(
    readonly type: AcmeErrorType,
    readonly detail: string,
    readonly status = 400,
    options?: { cause?: unknown; location?: string },
  ) {
    super(detail, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AcmeProblem';
    if (options?.location) this.location = options.location;
  }
  /** A Location header to send with it (an existing account on a key change conflict). */
  readonly location?: string;

  /** The problem document. */
  toJSON(): { type: string; detail: string; status: number } {
    return { type: `urn:ietf:params:acme:error:${this.type}`, detail: this.detail, status: this.status };
  }
}
