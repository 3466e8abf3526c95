import * as card from './index';

describe('@tessera/card exports', () => {
  it('should export the APDU, TLV and PIV layers and the virtual card, and nothing else', () => {
    expect(Object.keys(card).sort()).toEqual(
      [
        'ALGORITHM', 'ApduError', 'DEFAULT_MANAGEMENT_KEY', 'DEFAULT_PIN', 'DEFAULT_PUK', 'INS', 'KEY_REF', 'OBJECT', 'PIV_AID', 'PIV_PIX', 'PivCommands', 'PivError', 'PivSession', 'SLOT', 'SW',
        'SW_PATTERN', 'VirtualPivCard', 'certificateObject', 'chainApdu', 'completeResponse', 'decodeApdu', 'encodeApdu', 'encodeLength', 'findTlv', 'objectTagBytes',
        'padPin', 'parseResponse', 'parseTlvs', 'pivErrorFor', 'requireTlv', 'swMatches', 'swName', 'tlv', 'transmitApdu', 'transmitBatch', 'transmitOk',
      ].sort(),
    );
  });
});
