import { AGENT_CALL_TIMEOUT_MS, AGENT_METHODS, isAgentMethod, parseAgentParams, PRINT_JOB_MAX_BASE64 } from './calls';
import { AGENT_ERROR_CODES, AgentProtocolError, isAgentErrorCode } from './errors';

describe('parseAgentParams', () => {
  it('should return the parameters of a method with the right shape', () => {
    expect(parseAgentParams('ValidatePin', '{"readerName":"Reader 0","pin":"123456"}')).toEqual({ readerName: 'Reader 0', pin: '123456' });
    expect(parseAgentParams('ListReaders', '')).toEqual({});
  });

  it('should reject a missing or oversized parameter with BAD_PARAMS naming the field, not echoing the value', () => {
    const missing = (() => {
      try {
        return parseAgentParams('GetReader', '{}');
      } catch (error) {
        return error;
      }
    })();
    expect(missing).toBeInstanceOf(AgentProtocolError);
    expect(missing).toMatchObject({ code: 'BAD_PARAMS', field: 'readerName' });
    expect(() => parseAgentParams('ValidatePin', JSON.stringify({ readerName: 'r', pin: 'secret-pin-value-too-long' }))).toThrow(
      expect.objectContaining({ code: 'BAD_PARAMS', field: 'pin', message: expect.not.stringContaining('secret') }),
    );
    expect(() => parseAgentParams('GetReader', '[1]')).toThrow(expect.objectContaining({ code: 'BAD_PARAMS' }));
    expect(() => parseAgentParams('GetReader', '{not json')).toThrow(expect.objectContaining({ code: 'BAD_PARAMS' }));
  });

  it('should reject a method outside the protocol with UNKNOWN_METHOD', () => {
    expect(() => parseAgentParams('FormatDisk', '{}')).toThrow(expect.objectContaining({ code: 'UNKNOWN_METHOD' }));
    expect(isAgentMethod('toString')).toBe(false);
    expect(AGENT_METHODS).toEqual(['Ping', 'ListReaders', 'GetReader', 'ValidatePin', 'ListPrinters', 'KillSession', 'OpenCard', 'Transmit', 'CloseCard', 'PrinterInsertCard', 'PrinterEjectCard', 'PrinterCardPrint', 'CreateVirtualCard']);
  });

  it('should check a print job: base64 images within their limits, named when refused', () => {
    const job = { printerName: 'P', cardSerial: '42', front: 'iVBORw0KGgo=', back: 'iVBORw0KGgo=', pdf: 'JVBERi0=' };
    expect(parseAgentParams('PrinterCardPrint', JSON.stringify(job))).toEqual(job);
    expect(() => parseAgentParams('PrinterCardPrint', JSON.stringify({ ...job, pdf: 'not base64!' }))).toThrow(expect.objectContaining({ code: 'BAD_PARAMS', field: 'pdf' }));
    expect(() => parseAgentParams('PrinterCardPrint', JSON.stringify({ ...job, front: 'A'.repeat(PRINT_JOB_MAX_BASE64.side + 4) }))).toThrow(expect.objectContaining({ field: 'front' }));
    expect(() => parseAgentParams('PrinterInsertCard', '{}')).toThrow(expect.objectContaining({ field: 'printerName' }));
  });

  it('should check a Transmit batch: hex APDUs, status-word patterns, at most 64 commands', () => {
    const ok = { handle: 'h-1', operationId: 'op_1', step: 'generate keys', commands: [{ apdu: '00a4040005a000000308', expect: ['9000', '61XX'] }] };
    expect(parseAgentParams('Transmit', JSON.stringify(ok))).toEqual(ok);
    const withCommands = (commands: unknown) => () => parseAgentParams('Transmit', JSON.stringify({ ...ok, commands }));
    expect(withCommands([])).toThrow(expect.objectContaining({ code: 'BAD_PARAMS', field: 'commands' }));
    expect(withCommands(Array.from({ length: 65 }, () => ok.commands[0]))).toThrow(expect.objectContaining({ field: 'commands', message: expect.stringContaining('1 to 64') }));
    expect(withCommands([{ apdu: '00a4zz00', expect: ['9000'] }])).toThrow(expect.objectContaining({ field: 'commands', message: expect.stringContaining('hex') }));
    expect(withCommands([{ apdu: '00a4', expect: ['9000'] }])).toThrow(expect.objectContaining({ field: 'commands' }));
    expect(withCommands([{ apdu: '00a40400', expect: ['90000'] }])).toThrow(expect.objectContaining({ field: 'commands', message: expect.stringContaining('63CX') }));
    expect(withCommands([{ apdu: '00a40400', expect: [] }])).toThrow(expect.objectContaining({ field: 'commands' }));
    expect(() => parseAgentParams('Transmit', JSON.stringify({ ...ok, handle: '../x' }))).toThrow(expect.objectContaining({ field: 'handle' }));
    expect(() => parseAgentParams('OpenCard', JSON.stringify({ readerName: 'Reader 0' }))).toThrow(expect.objectContaining({ field: 'operationId' }));
  });

  it('should give card-session methods their own time limits (on-card RSA generation outlasts the 15 s default)', () => {
    expect(AGENT_CALL_TIMEOUT_MS.Transmit).toBeGreaterThanOrEqual(60_000);
    expect(AGENT_CALL_TIMEOUT_MS.Ping).toBeUndefined();
  });
});

describe('agent error codes', () => {
  it('should know the reader, card and protocol codes and nothing else', () => {
    for (const code of ['NO_READER', 'NO_CARD', 'NO_PRINTER', 'PRINTER', 'WRONG_PIN', 'BLOCKED', 'CARD_SESSION', 'UNKNOWN_METHOD', 'BAD_PARAMS', 'AGENT_ERROR']) expect(isAgentErrorCode(code)).toBe(true);
    expect(isAgentErrorCode('constructor')).toBe(false);
    expect(isAgentErrorCode(42)).toBe(false);
    expect(Object.keys(AGENT_ERROR_CODES)).toHaveLength(19);
  });
});
