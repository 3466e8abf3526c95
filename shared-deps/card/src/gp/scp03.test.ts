/**
 * SCP03 known-answer tests. The vectors are published test data of two open GlobalPlatform tools
 * (values only, no code copied):
 * - kaoh/globalplatform, globalplatform/src/scp03Test.c, test `delete_application`, commit
 *   8dd2f1bfe35c2db643e37da44d25c71d302e2352: static keys, host challenge, INITIALIZE UPDATE
 *   response, session keys, the EXTERNAL AUTHENTICATE APDU (host cryptogram + C-MAC) and a DELETE
 *   APDU at security level 03 (C-DECRYPTION + C-MAC); and test `mutual_auth` (second session).
 * - martinpaljak/GlobalPlatformPro, library/src/test/java/pro/javacard/gp/test/TestPlaintextKeys.java,
 *   `testSessionKeys_SCP03`, commit
 *   236a610a63385e9171247485c000d0a96c5aff00: session-key KCVs.
 * RFC 4493 §4 for AES-CMAC itself.
 */
import { SCP03_CONSTANT, Scp03Channel, aesCmac, aesKcv, cardCryptogram, deriveSessionKeys, hostCryptogram, scp03Kdf } from './scp03';

const h = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');

describe('AES-CMAC (RFC 4493 §4)', () => {
  const key = h('2b7e151628aed2a6abf7158809cf4f3c');
  it('matches examples 1 to 3', () => {
    expect(aesCmac(key, Buffer.alloc(0)).toString('hex')).toBe('bb1d6929e95937287fa37d129b756746');
    expect(aesCmac(key, h('6bc1bee22e409f96e93d7e117393172a')).toString('hex')).toBe('070a16b46b4d4144f79bdd9dd04a287c');
    expect(aesCmac(key, h('6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411')).toString('hex')).toBe('dfa66747de9ae63030ca32611497c827');
  });
});

describe('SCP03 KDF and session keys (GlobalPlatformPro vectors)', () => {
  const key16 = h('404142434445464748494A4B4C4D4E4F');
  const kdd = h('00010203040506070809');
  it('derives S-ENC, S-MAC and S-RMAC with the published KCVs (context = KDD)', () => {
    expect(aesKcv(scp03Kdf(key16, SCP03_CONSTANT.S_ENC, kdd, 128)).toString('hex').toUpperCase()).toBe('C25559');
    expect(aesKcv(scp03Kdf(key16, SCP03_CONSTANT.S_MAC, kdd, 128)).toString('hex').toUpperCase()).toBe('0E12CC');
    expect(aesKcv(scp03Kdf(key16, SCP03_CONSTANT.S_RMAC, kdd, 128)).toString('hex').toUpperCase()).toBe('9ACB9C');
    expect(aesKcv(key16).toString('hex').toUpperCase()).toBe('504A77');
  });
});

describe('SCP03 session (kaoh/globalplatform delete_application vectors)', () => {
  const keys = { enc: h('F995D0A069335C7DF42E590317FFEA6D'), mac: h('58563362EC5A4541ABCD32B34B1EAE7D'), dek: h('0A02A6D687406DCFA09DC70B3EDB7E38') };
  const hostChallenge = h('B2BDE1A2DC66BD56');
  // INITIALIZE UPDATE response: KDD(10) | key info 30 03 70 | card challenge | card cryptogram | sequence counter.
  const response = h('00000000000000000000 300370 C40932A6FEFEAEB2 E127185170F45FCA 000015');
  const cardChallenge = response.subarray(13, 21);

  it('derives the published session keys', () => {
    const s = deriveSessionKeys(keys, hostChallenge, cardChallenge);
    expect(s.sEnc.toString('hex').toUpperCase()).toBe('9B841BB63D1087484FF7F16802017243');
    expect(s.sMac.toString('hex').toUpperCase()).toBe('8117FE5ADED74AC0DAABE9FB81DBDB67');
    expect(s.sRmac.toString('hex').toUpperCase()).toBe('4521D75E4D6F60DBFB8AB4EE254EF6F1');
  });

  it('checks the card cryptogram and builds EXTERNAL AUTHENTICATE and the encrypted, MACed DELETE byte for byte', () => {
    const s = deriveSessionKeys(keys, hostChallenge, cardChallenge);
    expect(cardCryptogram(s.sMac, hostChallenge, cardChallenge)).toEqual(response.subarray(21, 29));
    const host = hostCryptogram(s.sMac, hostChallenge, cardChallenge);
    const channel = new Scp03Channel(s, 0x03);
    expect(channel.wrap(0x80, 0x82, 0x03, 0x00, host, true).toString('hex').toUpperCase()).toBe('84820300' + '10' + '59D54D932423D29F6313C970875F8C2F');
    const del = channel.wrap(0x80, 0xe4, 0x00, 0x80, h('4F08A00100015141434C'));
    expect(del.toString('hex').toUpperCase()).toBe('84E4008018' + '29F06AEC3180B3EFE91FF662310B945DE0D5FE66AD67A5B6');
  });

  it('the card side accepts those commands and rejects a changed byte', () => {
    const s = deriveSessionKeys(keys, hostChallenge, cardChallenge);
    const card = new Scp03Channel(s, 0x03);
    const ext = h('848203001059D54D932423D29F6313C970875F8C2F');
    expect(card.unwrap(ext.subarray(0, 4), ext.subarray(5), true)).toEqual(h('59D54D932423D29F'));
    const del = h('84E400801829F06AEC3180B3EFE91FF662310B945DE0D5FE66AD67A5B6');
    expect(card.unwrap(del.subarray(0, 4), del.subarray(5))).toEqual(h('4F08A00100015141434C'));
    const other = new Scp03Channel(s, 0x03);
    other.unwrap(ext.subarray(0, 4), ext.subarray(5), true);
    const bad = Buffer.from(del);
    bad[10] = bad[10]! ^ 1;
    expect(() => other.unwrap(bad.subarray(0, 4), bad.subarray(5))).toThrow('C-MAC does not match');
  });

  it('mutual_auth: a second session with other challenges', () => {
    const host2 = h('9BD6BF878FB8E991');
    const resp = h('00000000000000000000 300370 3C80C2CC87EB3A35 E4EDBA35E629C336 00001E');
    const s = deriveSessionKeys(keys, host2, resp.subarray(13, 21));
    expect(s.sEnc.toString('hex').toUpperCase()).toBe('D83EE38C9954C8078987A5E9EE6AB13C');
    expect(s.sMac.toString('hex').toUpperCase()).toBe('6FF37716E0413065E8DFD08BF1E9EC5E');
    expect(cardCryptogram(s.sMac, host2, resp.subarray(13, 21))).toEqual(resp.subarray(21, 29));
    const channel = new Scp03Channel(s, 0x03);
    expect(channel.wrap(0x80, 0x82, 0x03, 0x00, hostCryptogram(s.sMac, host2, resp.subarray(13, 21)), true).toString('hex').toUpperCase()).toBe('8482030010' + '23EBFEDC579D22CDCDB6A25A5FF7891F');
  });
});
