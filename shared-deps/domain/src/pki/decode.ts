/**
 * Decoding a certificate, CSR or CRL for reading (admin-console §2.2 `/admin/certificate/decodepem`
 * [pEMView], §8 'Successfully decoded' / 'Failed to decode'; issue 12). What the console sends and
 * what the server answers, and the pure input rules of signin §5 the server applies before any ASN.1
 * is parsed: at most 10 MB; binary content (a null byte or more than 10% control characters) is DER;
 * text is PEM blocks, or hex / base64 starting with the standard certificate prefix.
 *
 * The ASN.1 itself is read on the server with @peculiar/x509: this module only finds the DER.
 */
import { MAX_FILE_SIZE_BYTES } from '../common/constants';
import { bytesToBase64 } from '../common/encoding';
import { COMMON_MESSAGES } from '../common/messages';
import { extractCertificateText } from '../common/validation/extractCertificateText';
import { isBinaryContent } from '../common/validation/isBinaryContent';
import { PKI_MESSAGES } from './messages';

/** What a decoded object is. */
export type DecodedKind = 'certificate' | 'csr' | 'crl';

/** How the input carried an object: a PEM block, bare hex, bare base64, or binary DER. */
export type DecodeFormat = 'pem' | 'hex' | 'base64' | 'der';

/**
 * `POST /api2/PKI-v1/DecodePem` (pEMView): the pasted text (`encoding: 'text'`) or the bytes of a chosen
 * file in base64 (`encoding: 'base64'`, any content: PEM, hex, base64 text or binary DER).
 */
export interface DecodePemRequest {
  content: string;
  encoding: 'text' | 'base64';
}

/** One readable line of a decoded object. */
export interface DecodedField {
  /** What the line says, e.g. `Subject`, `Serial number`. */
  name: string;
  value: string;
}

/** One extension of a certificate, CSR or CRL. */
export interface DecodedExtension {
  oid: string;
  /** Its RFC 5280 name when known (`Key Usage`), else the OID. */
  name: string;
  critical: boolean;
  /** Readable value (names of usages, SAN entries, …) or the hex of the value when not known. */
  value: string;
}

/** One revoked serial of a CRL. */
export interface DecodedRevokedEntry {
  serialNumber: string;
  revocationDate: string;
  /** RFC 5280 reason name, or null when the entry carries none. */
  reason: string | null;
}

/** A decoded certificate, CSR or CRL. */
export interface DecodedObject {
  kind: DecodedKind;
  format: DecodeFormat;
  /** The PEM label when the input was PEM. */
  label: string | null;
  /** Readable fields in reading order (subject, issuer, serial, validity, keys, fingerprints). */
  fields: DecodedField[];
  extensions: DecodedExtension[];
  /** A CRL's entries; empty for certificates and CSRs. */
  revoked: DecodedRevokedEntry[];
  /** The object re-encoded as PEM. */
  pem: string;
}

/** The answer of `POST /api2/PKI-v1/DecodePem`: 'Successfully decoded' and every object found. */
export interface DecodePemResponse {
  message: string;
  objects: DecodedObject[];
}

/** A DER object found in the input, before parsing. */
export interface DecodeBlock {
  /** Known from the PEM label; null when only parsing can tell (bare hex, base64 or DER). */
  kind: DecodedKind | null;
  format: DecodeFormat;
  label: string | null;
  der: Uint8Array;
}

/** Why no block was found. */
export type DecodeInputProblem = 'TOO_LARGE' | 'NOTHING_FOUND';

/** The result of {@link findDecodeBlocks}. */
export type DecodeInput = { ok: true; blocks: DecodeBlock[] } | { ok: false; problem: DecodeInputProblem; message: string };

const PEM_KINDS: Readonly<Record<string, DecodedKind>> = Object.freeze({
  CERTIFICATE: 'certificate',
  'X509 CERTIFICATE': 'certificate',
  'TRUSTED CERTIFICATE': 'certificate',
  'CERTIFICATE REQUEST': 'csr',
  'NEW CERTIFICATE REQUEST': 'csr',
  'X509 CRL': 'crl',
  // Written by @peculiar/x509 and other toolkits; RFC 7468 §5.1 asks parsers to be lax about labels.
  CRL: 'crl',
});

/** The kind a PEM label announces (RFC 7468 §5, §7, §6; the legacy `NEW CERTIFICATE REQUEST` and bare `CRL`), or null for other labels. */
export function kindOfPemLabel(label: string): DecodedKind | null {
  return PEM_KINDS[label] ?? null;
}

/**
 * The DER objects in `bytes` (signin §5): more than 10 MB is refused with the file-size text; binary
 * content is one DER object of unknown kind; text yields its PEM blocks of certificates, CSRs and CRLs
 * (other blocks, such as private keys, are skipped and never echoed), or the whole text as hex starting
 * `3082` or base64 starting `MII`. Nothing usable is 'Failed to decode'.
 */
export function findDecodeBlocks(bytes: Uint8Array): DecodeInput {
  if (bytes.length > MAX_FILE_SIZE_BYTES) return { ok: false, problem: 'TOO_LARGE', message: COMMON_MESSAGES.FILE_TOO_LARGE };
  const nothing: DecodeInput = { ok: false, problem: 'NOTHING_FOUND', message: PKI_MESSAGES.DECODE_FAILED };
  if (bytes.length === 0) return nothing;
  if (isBinaryContent(bytes)) return { ok: true, blocks: [{ kind: null, format: 'der', label: null, der: bytes }] };
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const blocks: DecodeBlock[] = [];
  for (const found of extractCertificateText(text)) {
    if (found.label === null) {
      blocks.push({ kind: null, format: found.format, label: null, der: found.der });
      continue;
    }
    const kind = kindOfPemLabel(found.label);
    if (kind !== null) blocks.push({ kind, format: found.format, label: found.label, der: found.der });
  }
  return blocks.length > 0 ? { ok: true, blocks } : nothing;
}

/** The PEM text of `der` under `label` (RFC 7468 §2: standard base64 in lines of 64 characters). */
export function pemOf(label: string, der: Uint8Array): string {
  const lines = bytesToBase64(der).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** The PEM label of each kind (RFC 7468). */
export const PEM_LABELS: Readonly<Record<DecodedKind, string>> = Object.freeze({
  certificate: 'CERTIFICATE',
  csr: 'CERTIFICATE REQUEST',
  crl: 'X509 CRL',
});
