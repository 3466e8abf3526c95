import { AGENT_METHODS, isAgentMethod, parseAgentParams } from './calls';
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
    expect(AGENT_METHODS).toEqual(['Ping', 'ListReaders', 'GetReader', 'ValidatePin', 'ListPrinters', 'KillSession']);
  });
});

describe('agent error codes', () => {
  it('should know the reader, card and protocol codes and nothing else', () => {
    for (const code of ['NO_READER', 'NO_CARD', 'WRONG_PIN', 'BLOCKED', 'UNKNOWN_METHOD', 'BAD_PARAMS', 'AGENT_ERROR']) expect(isAgentErrorCode(code)).toBe(true);
    expect(isAgentErrorCode('constructor')).toBe(false);
    expect(isAgentErrorCode(42)).toBe(false);
    expect(Object.keys(AGENT_ERROR_CODES)).toHaveLength(16);
  });
});
