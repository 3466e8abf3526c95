import { normaliseAgentUrl } from './localAgent';

describe('normaliseAgentUrl', () => {
  it.each([
    ['http://127.0.0.1:9902', 'http://127.0.0.1:9902'],
    [' http://localhost:8802/ ', 'http://localhost:8802'],
    ['127.0.0.1:9902', 'http://127.0.0.1:9902'],
    ['http://[::1]:8802', 'http://[::1]:8802'],
  ])('ok/%s', (text, origin) => {
    expect(normaliseAgentUrl(text)).toBe(origin);
  });

  it.each(['', 'https://127.0.0.1:8802', 'http://agent.example:8802', 'http://127.0.0.1', 'not a url :::'])('fail/%s', (text) => {
    expect(normaliseAgentUrl(text)).toBeNull();
  });
});
