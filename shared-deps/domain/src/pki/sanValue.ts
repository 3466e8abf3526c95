/**
 * The text forms of the subjectAltName kinds that are not plain strings (RFC 5280 §4.2.1.6 otherName), as a
 * template's or a request's SAN value carries them:
 * - OTHER_NAME: `<type>:<value>`, the type an OID or `UPN` (Microsoft's user principal name,
 *   1.3.6.1.4.1.311.20.2.3, which Windows smart card logon reads), the value a UTF8String:
 *   `UPN:alice@corp.example`;
 * - HARDWARE_MODULE_NAME (RFC 4108 §5): `<hwType OID>:<hwSerialNum as hex>`: `1.3.6.1.4.1.99999.1:0a0b0c`.
 * X400_ADDRESS and EDI_PARTY_NAME have no text form here: Tessera refuses them by name.
 */
import type { SanType } from './constants';

/** Other-name types known by a name: the `<type>` of an OTHER_NAME value may be the name instead of the OID. */
export const OTHER_NAME_TYPES: Readonly<Record<string, string>> = Object.freeze({ UPN: '1.3.6.1.4.1.311.20.2.3' });
/** The OID of RFC 4108's hardwareModuleName other name. */
export const HARDWARE_MODULE_NAME_OID = '1.3.6.1.5.5.7.8.4';
/** Longest other-name value, characters. */
export const OTHER_NAME_MAX_LENGTH = 256;
/** Longest hardware serial number, bytes. */
export const HARDWARE_SERIAL_MAX_BYTES = 64;

const OID = /^[0-2](\.(0|[1-9][0-9]*))+$/;
const HEX = /^([0-9a-fA-F]{2})+$/;

/** An OTHER_NAME value read from its text form. */
export interface OtherNameValue {
  typeId: string;
  value: string;
}

/** A HARDWARE_MODULE_NAME value read from its text form. */
export interface HardwareModuleNameValue {
  hwType: string;
  /** Lower-case hex. */
  hwSerialNum: string;
}

function splitTyped(text: string): [string, string] | null {
  const colon = text.indexOf(':');
  return colon <= 0 ? null : [text.slice(0, colon).trim(), text.slice(colon + 1)];
}

/** Reads `<OID or UPN>:<value>`; null when it is not that form. */
export function parseOtherName(text: string): OtherNameValue | null {
  const parts = splitTyped(text);
  if (!parts) return null;
  const typeId = OTHER_NAME_TYPES[parts[0].toUpperCase()] ?? parts[0];
  if (!OID.test(typeId) || typeId === HARDWARE_MODULE_NAME_OID) return null;
  if (parts[1] === '' || parts[1].length > OTHER_NAME_MAX_LENGTH) return null;
  return { typeId, value: parts[1] };
}

/** Reads `<hwType OID>:<hex serial>`; null when it is not that form. */
export function parseHardwareModuleName(text: string): HardwareModuleNameValue | null {
  const parts = splitTyped(text);
  if (!parts || !OID.test(parts[0]) || !HEX.test(parts[1]) || parts[1].length / 2 > HARDWARE_SERIAL_MAX_BYTES) return null;
  return { hwType: parts[0], hwSerialNum: parts[1].toLowerCase() };
}

/** The text form of an OTHER_NAME value (`UPN:` for a UPN). */
export function formatOtherName(value: OtherNameValue): string {
  const name = Object.entries(OTHER_NAME_TYPES).find(([, oid]) => oid === value.typeId)?.[0];
  return `${name ?? value.typeId}:${value.value}`;
}

/**
 * What is wrong with a SAN value of a kind that has a text form of its own, or null (the other kinds are
 * checked where they are used: DNS names against DNS_NAME_PATTERN, and so on).
 */
export function sanValueProblem(sanField: SanType, value: string): string | null {
  if (sanField === 'OTHER_NAME' && !parseOtherName(value)) {
    return `must be <OID or UPN>:<value> (at most ${OTHER_NAME_MAX_LENGTH} characters), e.g. UPN:alice@corp.example`;
  }
  if (sanField === 'HARDWARE_MODULE_NAME' && !parseHardwareModuleName(value)) {
    return `must be <hwType OID>:<serial number as hex> (RFC 4108, at most ${HARDWARE_SERIAL_MAX_BYTES} bytes)`;
  }
  return null;
}
