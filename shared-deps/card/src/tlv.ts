/**
 * BER-TLV as PIV uses it (SP 800-73-4 Part 1 Appendix; ISO 7816-4 §5.2): tags of one to three bytes,
 * definite lengths in short form or 81/82/83 long form.
 */

/** One TLV element. */
export interface Tlv {
  tag: number;
  value: Buffer;
}

/** Encodes a length field. */
export function encodeLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  if (length <= 0xff) return Buffer.from([0x81, length]);
  if (length <= 0xffff) return Buffer.from([0x82, length >> 8, length & 0xff]);
  return Buffer.from([0x83, length >> 16, (length >> 8) & 0xff, length & 0xff]);
}

/** Encodes one element; `tag` is the whole tag number, e.g. 0x5fc102 or 0x7f49. */
export function tlv(tag: number, ...values: Uint8Array[]): Buffer {
  const tagBytes: number[] = [];
  for (let t = tag; t > 0; t = Math.floor(t / 256)) tagBytes.unshift(t & 0xff);
  if (tagBytes.length === 0) tagBytes.push(0);
  const value = Buffer.concat(values.map((v) => Buffer.from(v)));
  return Buffer.concat([Buffer.from(tagBytes), encodeLength(value.length), value]);
}

/**
 * Parses a sequence of elements (not recursive).
 * @throws RangeError when a tag or length runs past the end
 */
export function parseTlvs(bytes: Uint8Array): Tlv[] {
  const b = Buffer.from(bytes);
  const out: Tlv[] = [];
  let i = 0;
  while (i < b.length) {
    // Padding between elements (ISO 7816-4: 00 or FF) is skipped.
    if (b[i] === 0x00 || b[i] === 0xff) {
      i += 1;
      continue;
    }
    let tag = b[i]!;
    i += 1;
    if ((tag & 0x1f) === 0x1f) {
      let next: number;
      do {
        if (i >= b.length) throw new RangeError('TLV tag runs past the end of the data');
        next = b[i]!;
        tag = tag * 256 + next;
        i += 1;
      } while (next & 0x80);
    }
    if (i >= b.length) throw new RangeError(`TLV ${tag.toString(16)} has no length`);
    let length = b[i]!;
    i += 1;
    if (length & 0x80) {
      const n = length & 0x7f;
      if (n === 0 || n > 3 || i + n > b.length) throw new RangeError(`TLV ${tag.toString(16)} has a bad length field`);
      length = 0;
      for (let k = 0; k < n; k += 1) length = length * 256 + b[i + k]!;
      i += n;
    }
    if (i + length > b.length) throw new RangeError(`TLV ${tag.toString(16)} is ${length} bytes, only ${b.length - i} left`);
    out.push({ tag, value: b.subarray(i, i + length) });
    i += length;
  }
  return out;
}

/** The value of the first element with this tag, or undefined. */
export function findTlv(bytes: Uint8Array, tag: number): Buffer | undefined {
  return parseTlvs(bytes).find((t) => t.tag === tag)?.value;
}

/** The value of the first element with this tag. @throws RangeError when absent */
export function requireTlv(bytes: Uint8Array, tag: number, what: string): Buffer {
  const value = findTlv(bytes, tag);
  if (value === undefined) throw new RangeError(`${what}: tag ${tag.toString(16).toUpperCase()} is missing`);
  return value;
}
