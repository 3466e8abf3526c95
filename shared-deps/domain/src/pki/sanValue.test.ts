import { formatOtherName, parseHardwareModuleName, parseOtherName, sanValueProblem } from './sanValue';

describe('SAN values with a text form of their own', () => {
  it('should read a UPN by name or by OID, keeping colons in the value', () => {
    expect(parseOtherName('UPN:alice@corp.example')).toEqual({ typeId: '1.3.6.1.4.1.311.20.2.3', value: 'alice@corp.example' });
    expect(parseOtherName('upn:alice@corp.example')).toEqual({ typeId: '1.3.6.1.4.1.311.20.2.3', value: 'alice@corp.example' });
    expect(parseOtherName('1.2.3.4:a:b')).toEqual({ typeId: '1.2.3.4', value: 'a:b' });
    expect(formatOtherName({ typeId: '1.3.6.1.4.1.311.20.2.3', value: 'alice@corp.example' })).toBe('UPN:alice@corp.example');
    expect(formatOtherName({ typeId: '1.2.3.4', value: 'x' })).toBe('1.2.3.4:x');
  });

  it('should refuse an other name without a type, with an unknown name, an empty value or the hardware module OID', () => {
    for (const bad of ['alice@corp.example', ':x', 'FOO:x', 'UPN:', '1.2.3.4:' + 'a'.repeat(257), '1.3.6.1.5.5.7.8.4:0a', '1..2:x']) expect(parseOtherName(bad)).toBeNull();
  });

  it('should read a hardware module name (RFC 4108) as OID and hex serial', () => {
    expect(parseHardwareModuleName('1.3.6.1.4.1.99999.1:0A0b')).toEqual({ hwType: '1.3.6.1.4.1.99999.1', hwSerialNum: '0a0b' });
    for (const bad of ['1.3.6.1:0a0', '1.3.6.1:zz', 'UPN:0a', '1.3.6.1:', `1.3.6.1:${'00'.repeat(65)}`]) expect(parseHardwareModuleName(bad)).toBeNull();
  });

  it('should say what is wrong with a value of those kinds only', () => {
    expect(sanValueProblem('OTHER_NAME', 'alice')).toMatch(/^must be <OID or UPN>:<value>/);
    expect(sanValueProblem('HARDWARE_MODULE_NAME', '1.2.3:xyz')).toMatch(/RFC 4108/);
    expect(sanValueProblem('OTHER_NAME', 'UPN:alice@corp.example')).toBeNull();
    expect(sanValueProblem('DNS', 'anything')).toBeNull();
  });
});
