import { ApduError, INS, SW, decodeApdu, encodeApdu, parseResponse, swName, transmitApdu, transmitOk, type ApduTransport } from './apdu';
import { parseTlvs, tlv } from './tlv';

function scripted(answers: string[]): ApduTransport & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    async transmit(command) {
      sent.push(command.toString('hex'));
      const next = answers.shift();
      if (next === undefined) throw new Error('no more scripted answers');
      return Buffer.from(next, 'hex');
    },
  };
}

describe('APDU encoding', () => {
  it('should encode the four short cases', () => {
    expect(encodeApdu({ ins: 0xa4, p1: 4, p2: 0 }).toString('hex')).toBe('00a40400');
    expect(encodeApdu({ ins: 0xcb, p1: 0x3f, p2: 0xff, le: 0 }).toString('hex')).toBe('00cb3fff00');
    expect(encodeApdu({ ins: 0x20, p1: 0, p2: 0x80, data: Buffer.from('3132', 'hex') }).toString('hex')).toBe('00200080023132');
    expect(encodeApdu({ ins: 0xa4, p1: 4, p2: 0, data: Buffer.from('a0', 'hex'), le: 256 }).toString('hex')).toBe('00a4040001a000');
  });

  it('should encode extended length with 3-byte Lc and 2-byte Le', () => {
    const data = Buffer.alloc(300, 1);
    const encoded = encodeApdu({ ins: 0xdb, p1: 0x3f, p2: 0xff, data, le: 0 }, true);
    expect(encoded.subarray(4, 7).toString('hex')).toBe('00012c');
    expect(encoded.length).toBe(4 + 3 + 300 + 2);
    expect(decodeApdu(encoded)).toMatchObject({ ins: 0xdb, extended: true, le: 65536 });
    expect(decodeApdu(encoded).data.length).toBe(300);
    expect(decodeApdu(encodeApdu({ ins: 0xcb, p1: 0, p2: 0, le: 1000 }, true))).toMatchObject({ le: 1000, extended: true });
  });

  it('should reject short data over 255 bytes and malformed APDUs', () => {
    expect(() => encodeApdu({ ins: 0xdb, p1: 0, p2: 0, data: Buffer.alloc(256) })).toThrow('expected at most 255');
    expect(() => decodeApdu(Buffer.from('00a404', 'hex'))).toThrow('at least 4');
    expect(() => decodeApdu(Buffer.from('00a4040005a0', 'hex'))).toThrow(RangeError);
  });

  it('should split data and status word', () => {
    expect(parseResponse(Buffer.from('01029000', 'hex'))).toEqual({ data: Buffer.from('0102', 'hex'), sw: 0x9000 });
    expect(() => parseResponse(Buffer.from('90', 'hex'))).toThrow('SW1 SW2');
  });

  it('should name status words, exact and by family', () => {
    expect(swName(SW.FILE_NOT_FOUND)).toBe('FILE_NOT_FOUND (6A82)');
    expect(swName(0x63c2)).toBe('VERIFY_FAIL (63C2)');
    expect(new ApduError(0x6982, 'SIGN').message).toContain('SECURITY_CONDITION_NOT_SATISFIED (6982)');
    expect(new ApduError(0x6982).sw).toBe(0x6982);
  });
});

describe('transmitApdu', () => {
  it('should follow 61xx with GET RESPONSE until 9000', async () => {
    const t = scripted(['aabb6102', 'ccdd9000']);
    const response = await transmitApdu(t, { ins: INS.GET_DATA, p1: 0x3f, p2: 0xff, le: 0 });
    expect(response).toEqual({ data: Buffer.from('aabbccdd', 'hex'), sw: SW.OK });
    expect(t.sent[1]).toBe('00c0000002');
  });

  it('should resend with the card Le on 6Cxx', async () => {
    const t = scripted(['6c04', '010203049000']);
    const response = await transmitApdu(t, { ins: 0xca, p1: 0, p2: 0, le: 0 });
    expect(response.data.toString('hex')).toBe('01020304');
    expect(t.sent[1]).toBe('00ca000004');
  });

  it('should chain commands over 255 bytes with CLA 10 on all but the last block', async () => {
    const t = scripted(['9000', '9000']);
    await transmitApdu(t, { ins: INS.PUT_DATA, p1: 0x3f, p2: 0xff, data: Buffer.alloc(300, 7) });
    expect(t.sent[0]!.slice(0, 10)).toBe('10db3fffff');
    expect(t.sent[1]!.slice(0, 10)).toBe('00db3fff2d');
  });

  it('should stop chaining on an error status and throw in transmitOk', async () => {
    const t = scripted(['6a80']);
    await expect(transmitOk(t, { ins: INS.PUT_DATA, p1: 0x3f, p2: 0xff, data: Buffer.alloc(300) }, 'PUT')).rejects.toMatchObject({ sw: 0x6a80 });
    expect(t.sent).toHaveLength(1);
  });
});

describe('BER-TLV', () => {
  it('should round-trip multi-byte tags and long lengths', () => {
    const big = Buffer.alloc(300, 2);
    const encoded = Buffer.concat([tlv(0x5fc102, Buffer.from([1])), tlv(0x53, big), tlv(0x7f49, tlv(0x86, Buffer.from([4])))]);
    const parsed = parseTlvs(encoded);
    expect(parsed.map((p) => p.tag)).toEqual([0x5fc102, 0x53, 0x7f49]);
    expect(parsed[1]!.value.length).toBe(300);
    expect(encoded.subarray(5, 9).toString('hex')).toBe('5382012c');
  });

  it('should reject a length that runs past the end', () => {
    expect(() => parseTlvs(Buffer.from('530501', 'hex'))).toThrow('only 1 left');
  });
});
