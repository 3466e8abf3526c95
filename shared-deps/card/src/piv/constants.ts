/** PIV identifiers (NIST SP 800-73-4 Part 1 §2.2, §3.1; SP 800-78-4 Table 6-2). */

/** The PIV card application AID (with version: A0 00 00 03 08 00 00 10 00 01 00). */
export const PIV_AID = Buffer.from('a000000308000010000100', 'hex');
/** The AID's PIX as listed in the application property template (tag 4F). */
export const PIV_PIX = Buffer.from('000010000100', 'hex');

/** Key references (SP 800-73-4 Part 1 Table 4b). */
export const KEY_REF = Object.freeze({
  PIN: 0x80,
  PUK: 0x81,
  GLOBAL_PIN: 0x00,
  MANAGEMENT: 0x9b,
});

/** Key slots (SP 800-73-4 Part 1 Table 4b). */
export const SLOT = Object.freeze({
  AUTHENTICATION: 0x9a,
  SIGNATURE: 0x9c,
  KEY_MANAGEMENT: 0x9d,
  CARD_AUTH: 0x9e,
});
export type Slot = (typeof SLOT)[keyof typeof SLOT];

/** Cryptographic algorithm identifiers (SP 800-78-4 Table 6-2). */
export const ALGORITHM = Object.freeze({
  TDES: 0x03,
  RSA_2048: 0x07,
  AES_128: 0x08,
  AES_192: 0x0a,
  AES_256: 0x0c,
  ECC_P256: 0x11,
  ECC_P384: 0x14,
});

/** Data object tags (SP 800-73-4 Part 1 Table 3). */
export const OBJECT = Object.freeze({
  CCC: 0x5fc107,
  CHUID: 0x5fc102,
  DISCOVERY: 0x7e,
  CERT_AUTHENTICATION: 0x5fc105,
  CERT_SIGNATURE: 0x5fc10a,
  CERT_KEY_MANAGEMENT: 0x5fc10b,
  CERT_CARD_AUTH: 0x5fc101,
  SECURITY_OBJECT: 0x5fc106,
  PRINTED_INFORMATION: 0x5fc109,
  KEY_HISTORY: 0x5fc10c,
});

/** The certificate object of a slot. */
export function certificateObject(slot: Slot): number {
  switch (slot) {
    case SLOT.AUTHENTICATION:
      return OBJECT.CERT_AUTHENTICATION;
    case SLOT.SIGNATURE:
      return OBJECT.CERT_SIGNATURE;
    case SLOT.KEY_MANAGEMENT:
      return OBJECT.CERT_KEY_MANAGEMENT;
    default:
      return OBJECT.CERT_CARD_AUTH;
  }
}

/** A 3-byte object tag as the bytes that follow tag 5C in GET/PUT DATA. */
export function objectTagBytes(tag: number): Buffer {
  if (tag <= 0xff) return Buffer.from([tag]);
  return Buffer.from([(tag >> 16) & 0xff, (tag >> 8) & 0xff, tag & 0xff]);
}

/** The default management key of PIV test cards and YubiKeys (01..08 three times), used as AES-192. */
export const DEFAULT_MANAGEMENT_KEY = Buffer.from('010203040506070801020304050607080102030405060708', 'hex');

/** The factory PIN and PUK of PIV test cards and YubiKeys (and of the virtual card): what an unissued card answers to. */
export const DEFAULT_PIN = '123456';
export const DEFAULT_PUK = '12345678';
