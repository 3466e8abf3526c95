import * as card from './index';

describe('@tessera/card exports', () => {
  it('should export the APDU, TLV, PIV and GlobalPlatform layers and the virtual card, and nothing else', () => {
    expect(Object.keys(card).sort()).toEqual(
      [
        'ALGORITHM', 'ApduError', 'DEFAULT_MANAGEMENT_KEY', 'DEFAULT_PIN', 'DEFAULT_PUK', 'INS', 'KEY_REF', 'OBJECT', 'PIV_AID', 'PIV_PIX', 'PivCommands', 'PivError', 'PivSession', 'SLOT', 'SW',
        'SW_PATTERN', 'VirtualPivCard', 'certificateObject', 'chainApdu', 'completeResponse', 'decodeApdu', 'encodeApdu', 'encodeLength', 'findTlv', 'objectTagBytes',
        'padPin', 'parseResponse', 'parseTlvs', 'pivErrorFor', 'requireTlv', 'swMatches', 'swName', 'tlv', 'transmitApdu', 'transmitBatch', 'transmitOk',
        // GlobalPlatform (issue 16): SCP03, the card manager driver, CAP files.
        'CapError', 'DEFAULT_SCP03_KEY', 'GP_INS', 'GpError', 'GpSession', 'ISD_AID', 'STATUS_SCOPE', 'Scp03Channel', 'SCP03_CONSTANT', 'SECURITY_LEVEL',
        'aesCmac', 'aesKcv', 'scp03Kdf', 'deriveSessionKeys', 'cardCryptogram', 'hostCryptogram', 'parseCap', 'buildCapFile',
      ].sort(),
    );
  });
});
