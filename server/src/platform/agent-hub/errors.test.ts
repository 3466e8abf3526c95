import { AGENT_ERROR_CODES } from '@tessera/agent-protocol';
import { AGENT_ERROR_HTTP, AgentHubError } from './errors';

describe('AgentHubError', () => {
  it('should map an unknown reader to 404 READER_NOT_FOUND without the agent text (which echoes the name)', () => {
    const error = AgentHubError.agentFailed('NO_READER', "reader '<b>x</b>' does not exist");
    expect(error).toMatchObject({ code: 'READER_NOT_FOUND', statusCode: 404, agentCode: 'NO_READER', message: 'The card reader was not found.' });
  });

  it('should map a wrong PIN to 403 INCORRECT_PIN with the tries left', () => {
    expect(AgentHubError.agentFailed('WRONG_PIN', 'wrong PIN', { triesLeft: 2 })).toMatchObject({ code: 'INCORRECT_PIN', statusCode: 403, message: 'Incorrect PIN. 2 tries left.' });
    expect(AgentHubError.agentFailed('BLOCKED', 'blocked', null)).toMatchObject({ code: 'INCORRECT_PIN', statusCode: 403, message: 'Incorrect PIN.' });
  });

  it('should map a card failure and an unknown code to 502 CMS_CLIENT_ERROR', () => {
    expect(AgentHubError.agentFailed('TRANSMIT', 'card removed')).toMatchObject({ code: 'CMS_CLIENT_ERROR', statusCode: 502, agentCode: 'TRANSMIT' });
    expect(AgentHubError.agentFailed('SOMETHING_NEW', 'x')).toMatchObject({ code: 'CMS_CLIENT_ERROR', statusCode: 502, agentCode: 'AGENT_ERROR' });
  });

  it('should have one row per agent error code, every status an error status', () => {
    expect(Object.keys(AGENT_ERROR_HTTP).sort()).toEqual(Object.keys(AGENT_ERROR_CODES).sort());
    for (const row of Object.values(AGENT_ERROR_HTTP)) expect(row.status).toBeGreaterThanOrEqual(400);
  });

  it('should cross the fan-out unchanged, and turn anything unexpected into a 502', () => {
    const original = AgentHubError.agentFailed('NO_READER', 'x');
    const rebuilt = AgentHubError.fromFanout(JSON.parse(JSON.stringify(original.toFanout())));
    expect(rebuilt).toMatchObject({ code: 'READER_NOT_FOUND', statusCode: 404, agentCode: 'NO_READER', message: original.message });
    expect(AgentHubError.fromFanout({ code: 'FORBIDDEN', status: 200, message: 'm' })).toMatchObject({ code: 'CMS_CLIENT_ERROR', statusCode: 502 });
  });
});
