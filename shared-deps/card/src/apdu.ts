/**
 * ISO/IEC 7816-4 APDUs: the `SW` and `INS` constants, command encoding (short and extended length),
 * response parsing, and `transmitApdu`, which follows response chaining (SW 61xx → GET RESPONSE)
 * and wrong-Le answers (SW 6Cxx → resend with the card's Le) and splits long data into command
 * chaining when extended length is not used. The virtual card answers with the same constants.
 */

/** Status words (ISO 7816-4 §5.1.3, SP 800-73-4 Part 2 Table 6). */
export const SW = Object.freeze({
  OK: 0x9000,
  /** 61xx: xx more bytes available with GET RESPONSE (xx = 00 means 256 or more). */
  MORE_DATA: 0x6100,
  /** 63Cx: verification failed, x tries left. */
  VERIFY_FAIL: 0x63c0,
  WRONG_LENGTH: 0x6700,
  LOGICAL_CHANNEL_NOT_SUPPORTED: 0x6881,
  SECURE_MESSAGING_NOT_SUPPORTED: 0x6882,
  COMMAND_CHAINING_NOT_SUPPORTED: 0x6884,
  SECURITY_CONDITION_NOT_SATISFIED: 0x6982,
  AUTH_METHOD_BLOCKED: 0x6983,
  REFERENCE_DATA_NOT_USABLE: 0x6984,
  CONDITIONS_NOT_SATISFIED: 0x6985,
  COMMAND_NOT_ALLOWED: 0x6986,
  INCORRECT_DATA: 0x6a80,
  FUNCTION_NOT_SUPPORTED: 0x6a81,
  FILE_NOT_FOUND: 0x6a82,
  NOT_ENOUGH_MEMORY: 0x6a84,
  INCORRECT_P1P2: 0x6a86,
  REFERENCE_DATA_NOT_FOUND: 0x6a88,
  WRONG_P1P2: 0x6b00,
  /** 6Cxx: wrong Le, xx is the right one. */
  WRONG_LE: 0x6c00,
  INS_NOT_SUPPORTED: 0x6d00,
  CLA_NOT_SUPPORTED: 0x6e00,
  NO_PRECISE_DIAGNOSIS: 0x6f00,
});

/** Instruction bytes used by PIV (SP 800-73-4 Part 2 §3) and ISO 7816-4. */
export const INS = Object.freeze({
  SELECT: 0xa4,
  GET_DATA: 0xcb,
  VERIFY: 0x20,
  CHANGE_REFERENCE_DATA: 0x24,
  RESET_RETRY_COUNTER: 0x2c,
  GENERAL_AUTHENTICATE: 0x87,
  GENERATE_ASYMMETRIC_KEY_PAIR: 0x47,
  PUT_DATA: 0xdb,
  GET_RESPONSE: 0xc0,
  /** YubiKey extension: GET SERIAL (Yubico PIV extensions). */
  GET_SERIAL: 0xf8,
  /** YubiKey extension: GET VERSION. */
  GET_VERSION: 0xfd,
  /** YubiKey extension: SET MANAGEMENT KEY (P1 FF, P2 FF; or FE to require touch). */
  SET_MANAGEMENT_KEY: 0xff,
  /** YubiKey extension: RESET the PIV application (only when PIN and PUK are blocked). */
  RESET: 0xfb,
});

/** Names of the status words, for messages. */
const SW_NAMES: Readonly<Record<number, string>> = Object.freeze(
  Object.fromEntries(Object.entries(SW).map(([name, value]) => [value, name])) as Record<number, string>,
);

/** The name of a status word, e.g. `FILE_NOT_FOUND (6A82)` or `VERIFY_FAIL (63C2)`. */
export function swName(sw: number): string {
  const hex = sw.toString(16).toUpperCase().padStart(4, '0');
  const exact = SW_NAMES[sw];
  if (exact) return `${exact} (${hex})`;
  const family = SW_NAMES[sw & 0xfff0] ?? SW_NAMES[sw & 0xff00];
  return family ? `${family} (${hex})` : `SW ${hex}`;
}

/** A card answered with a status word other than 9000. */
export class ApduError extends Error {
  /** The status word. */
  readonly sw: number;
  readonly code = 'APDU' as const;
  constructor(sw: number, context?: string) {
    super(`${context ? `${context}: ` : ''}card answered ${swName(sw)}, expected OK (9000)`);
    this.name = 'ApduError';
    this.sw = sw;
  }
}

/** A command APDU. */
export interface CommandApdu {
  cla?: number;
  ins: number;
  p1: number;
  p2: number;
  /** Command data (Lc is its length). */
  data?: Uint8Array;
  /** Expected response length; 0 means "as much as there is" (256 short, 65536 extended). Omit for no Le. */
  le?: number;
}

/** A parsed response APDU. */
export interface ResponseApdu {
  data: Buffer;
  sw: number;
}

/**
 * One command of a batch: its bytes and the status words it may answer, as four hex digits where `X`
 * is any digit ('9000', '6A82', '63CX'). The first answer outside its list ends the batch.
 */
export interface BatchCommand {
  apdu: Buffer;
  expect: readonly string[];
}

/** The raw byte channel to a card (a reader connection, or the server's relay through the agent). */
export interface ApduTransport {
  /** Sends a command APDU's bytes and returns the response APDU's bytes (data + SW1 SW2). */
  transmit(command: Buffer): Promise<Buffer>;
  /**
   * Sends several commands in one go (one round trip for a remote transport): answers in order,
   * stopping after the first whose status word is not one its command expects. Optional: without
   * it {@link transmitBatch} sends them one by one with the same rule.
   */
  transmitBatch?(commands: readonly BatchCommand[]): Promise<Buffer[]>;
}

/** A status-word pattern: four hex digits, `X` for any digit. */
export const SW_PATTERN = /^[0-9A-FX]{4}$/;

/** Does a status word match a pattern such as '9000' or '63CX'? */
export function swMatches(sw: number, pattern: string): boolean {
  const hex = sw.toString(16).toUpperCase().padStart(4, '0');
  for (let i = 0; i < 4; i += 1) if (pattern[i] !== 'X' && pattern[i] !== hex[i]) return false;
  return pattern.length === 4;
}

/** The status word of a response APDU's bytes (`-1` when it is too short to have one). */
function swOf(bytes: Uint8Array): number {
  return bytes.length < 2 ? -1 : (bytes[bytes.length - 2]! << 8) | bytes[bytes.length - 1]!;
}

/**
 * Sends a batch: through the transport's own `transmitBatch` when it has one, else one command at a
 * time. Either way the answers come back in order and end with the first unexpected one.
 */
export async function transmitBatch(transport: ApduTransport, commands: readonly BatchCommand[]): Promise<Buffer[]> {
  if (commands.length === 0) return [];
  if (transport.transmitBatch) return transport.transmitBatch(commands);
  const answers: Buffer[] = [];
  for (const command of commands) {
    const answer = await transport.transmit(command.apdu);
    answers.push(answer);
    const sw = swOf(answer);
    if (!command.expect.some((pattern) => swMatches(sw, pattern))) break;
  }
  return answers;
}

/**
 * Splits a command into the APDUs that carry it: one, or a command chain (ISO 7816-4 §5.1.1.1, CLA
 * bit 0x10 on every block but the last) when short form is used for more than 255 bytes of data.
 */
export function chainApdu(apdu: CommandApdu, extended = false): Buffer[] {
  const data = apdu.data ? Buffer.from(apdu.data) : Buffer.alloc(0);
  if (extended || data.length <= 255) return [encodeApdu(apdu, extended)];
  const cla = apdu.cla ?? 0;
  const out: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += 255) {
    const block = data.subarray(offset, offset + 255);
    const last = offset + 255 >= data.length;
    const command: CommandApdu = { ...apdu, cla: last ? cla : cla | 0x10, data: block };
    if (!last) delete command.le;
    out.push(encodeApdu(command));
  }
  return out;
}

/**
 * Completes an answer: resends on 6Cxx (wrong Le) and gathers 61xx response chaining with GET
 * RESPONSE. Each of these is one more exchange with the card.
 */
export async function completeResponse(transport: ApduTransport, apdu: CommandApdu, first: ResponseApdu, extended = false): Promise<ResponseApdu> {
  let response = first;
  const cla = apdu.cla ?? 0;
  if ((response.sw & 0xff00) === SW.WRONG_LE) {
    response = parseResponse(await transport.transmit(encodeApdu({ ...apdu, le: response.sw & 0xff || 256 }, extended)));
  }
  const chunks: Buffer[] = [response.data];
  while ((response.sw & 0xff00) === SW.MORE_DATA) {
    const le = response.sw & 0xff;
    response = parseResponse(await transport.transmit(encodeApdu({ cla, ins: INS.GET_RESPONSE, p1: 0, p2: 0, le: le === 0 ? 256 : le })));
    chunks.push(response.data);
  }
  return { data: Buffer.concat(chunks), sw: response.sw };
}

/**
 * Encodes a command APDU (ISO 7816-4 §5.1). Short form: Lc ≤ 255, Le ≤ 256. Extended form: Lc as
 * 00 hi lo, Le as 2 bytes (or 00 hi lo when there is no data).
 * @throws RangeError when short form is asked for data longer than 255 bytes
 */
export function encodeApdu(apdu: CommandApdu, extended = false): Buffer {
  const { cla = 0, ins, p1, p2, data, le } = apdu;
  const header = Buffer.from([cla, ins, p1, p2]);
  const parts: Buffer[] = [header];
  const lc = data?.length ?? 0;
  if (!extended) {
    if (lc > 255) throw new RangeError(`short APDU data is ${lc} bytes, expected at most 255`);
    if (lc > 0) parts.push(Buffer.from([lc]), Buffer.from(data!));
    if (le !== undefined) parts.push(Buffer.from([le >= 256 ? 0 : le]));
    return Buffer.concat(parts);
  }
  if (lc > 65535) throw new RangeError(`extended APDU data is ${lc} bytes, expected at most 65535`);
  if (lc > 0) parts.push(Buffer.from([0, lc >> 8, lc & 0xff]), Buffer.from(data!));
  if (le !== undefined) {
    const value = le >= 65536 ? 0 : le;
    parts.push(lc > 0 ? Buffer.from([value >> 8, value & 0xff]) : Buffer.from([0, value >> 8, value & 0xff]));
  }
  return Buffer.concat(parts);
}

/** A decoded command APDU (what a card sees). */
export interface DecodedCommand {
  cla: number;
  ins: number;
  p1: number;
  p2: number;
  data: Buffer;
  /** Expected length, or undefined when absent (0 in the encoding means the maximum). */
  le: number | undefined;
  extended: boolean;
}

/**
 * Decodes a command APDU's bytes, short or extended (ISO 7816-4 §5.1 cases 1–4).
 * @throws RangeError when the bytes are not a well-formed APDU
 */
export function decodeApdu(bytes: Uint8Array): DecodedCommand {
  const b = Buffer.from(bytes);
  if (b.length < 4) throw new RangeError(`APDU is ${b.length} bytes, expected at least 4`);
  const [cla, ins, p1, p2] = [b[0]!, b[1]!, b[2]!, b[3]!];
  const body = b.subarray(4);
  const base = { cla, ins, p1, p2 };
  if (body.length === 0) return { ...base, data: Buffer.alloc(0), le: undefined, extended: false };
  if (body.length === 1) return { ...base, data: Buffer.alloc(0), le: body[0] === 0 ? 256 : body[0]!, extended: false };
  if (body[0] !== 0) {
    const lc = body[0]!;
    if (body.length === 1 + lc) return { ...base, data: body.subarray(1), le: undefined, extended: false };
    if (body.length === 2 + lc) {
      const le = body[1 + lc]!;
      return { ...base, data: body.subarray(1, 1 + lc), le: le === 0 ? 256 : le, extended: false };
    }
    throw new RangeError(`short APDU body is ${body.length} bytes for Lc ${lc}`);
  }
  // Extended: first byte 00.
  if (body.length === 3) {
    const le = (body[1]! << 8) | body[2]!;
    return { ...base, data: Buffer.alloc(0), le: le === 0 ? 65536 : le, extended: true };
  }
  const lc = (body[1]! << 8) | body[2]!;
  if (body.length === 3 + lc) return { ...base, data: body.subarray(3), le: undefined, extended: true };
  if (body.length === 5 + lc) {
    const le = (body[3 + lc]! << 8) | body[4 + lc]!;
    return { ...base, data: body.subarray(3, 3 + lc), le: le === 0 ? 65536 : le, extended: true };
  }
  throw new RangeError(`extended APDU body is ${body.length} bytes for Lc ${lc}`);
}

/** Splits response bytes into data and status word. */
export function parseResponse(bytes: Uint8Array): ResponseApdu {
  if (bytes.length < 2) throw new RangeError(`response APDU is ${bytes.length} bytes, expected at least 2 (SW1 SW2)`);
  const b = Buffer.from(bytes);
  return { data: b.subarray(0, b.length - 2), sw: b.readUInt16BE(b.length - 2) };
}

/** Options of {@link transmitApdu}. */
export interface TransmitOptions {
  /** Use extended length (one APDU for long data); default: short APDUs with command chaining. */
  extended?: boolean;
}

/**
 * Sends a command and gathers the whole answer: command chaining (CLA bit 0x10) for data over 255
 * bytes in short form, GET RESPONSE while the card says 61xx, and a resend on 6Cxx. Returns the
 * data and final status word; does not throw on a status word (see {@link transmitOk}).
 */
export async function transmitApdu(transport: ApduTransport, apdu: CommandApdu, options: TransmitOptions = {}): Promise<ResponseApdu> {
  const extended = options.extended ?? false;
  let response: ResponseApdu | undefined;
  for (const command of chainApdu(apdu, extended)) {
    response = parseResponse(await transport.transmit(command));
    if (response.sw !== SW.OK) break;
  }
  return completeResponse(transport, apdu, response!, extended);
}

/** {@link transmitApdu}, throwing {@link ApduError} unless the card answered 9000. */
export async function transmitOk(transport: ApduTransport, apdu: CommandApdu, context: string, options: TransmitOptions = {}): Promise<Buffer> {
  const response = await transmitApdu(transport, apdu, options);
  if (response.sw !== SW.OK) throw new ApduError(response.sw, context);
  return response.data;
}
