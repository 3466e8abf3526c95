import * as protocol from './index';

describe('@tessera/agent-protocol exports', () => {
  it('should export the service loader, the call map helpers and the error codes', () => {
    expect(Object.keys(protocol).sort()).toEqual(
      ['AGENT_CALL_TIMEOUT_MS', 'AGENT_ERROR_CODES', 'AGENT_METHODS', 'PRINT_JOB_MAX_BASE64', 'TRANSMIT_MAX_APDU_BYTES', 'TRANSMIT_MAX_COMMANDS', 'AGENT_PROTO_PATH', 'AGENT_TOKEN_METADATA', 'AGENT_TOKEN_REFUSED', 'AgentProtocolError', 'isAgentErrorCode', 'isAgentMethod', 'loadAgentHub', 'parseAgentParams'].sort(),
    );
    expect(typeof protocol.loadAgentHub().Client).toBe('function');
  });
});
