/**
 * Certificate and CSR text (signin §5): parsed from PEM blocks, or from hex or base64 that starts with
 * the standard certificate prefix: a DER SEQUENCE with a two-byte length, `30 82`, which is `3082` in
 * hex and `MII` in base64.
 */
import { base64ToBytes } from '../encoding';
import { hexToBytes } from './hexToBytes';

/** A certificate or CSR found in pasted text. */
export interface ExtractedCertificate {
  /** How the text carried it. */
  format: 'pem' | 'hex' | 'base64';
  /** The PEM label (`CERTIFICATE`, `CERTIFICATE REQUEST`, ...); null for bare hex or base64. */
  label: string | null;
  /** The DER bytes. */
  der: Uint8Array;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;
const HEX_PREFIX = /^3082/i;
const BASE64_PREFIX = /^MII/;

/**
 * The certificates or CSRs in `text` (signin §5): every PEM block when there is one; otherwise the
 * whole text (whitespace removed) as hex starting with `3082` or base64 starting with `MII`. An empty
 * list when nothing is found or the data does not decode.
 */
export function extractCertificateText(text: string): ExtractedCertificate[] {
  const blocks: ExtractedCertificate[] = [];
  for (const match of text.matchAll(PEM_BLOCK)) {
    try {
      blocks.push({ format: 'pem', label: match[1]!, der: base64ToBytes(match[2]!.replace(/\s+/g, '')) });
    } catch {
      // A block whose body is not base64 is not a certificate; keep looking.
    }
  }
  if (blocks.length > 0 || text.includes('-----BEGIN ')) return blocks;
  const compact = text.replace(/\s+/g, '');
  try {
    if (HEX_PREFIX.test(compact) && /^[0-9a-fA-F]+$/.test(compact)) return [{ format: 'hex', label: null, der: hexToBytes(compact) }];
    if (BASE64_PREFIX.test(compact)) return [{ format: 'base64', label: null, der: base64ToBytes(compact) }];
  } catch {
    return [];
  }
  return [];
}
