import { option, parseOptions } from './schema';

describe('parseOptions', () => {
  const schema = { server: option.url(), json: option.flag(), username: option.string({ required: true }), note: option.string() };

  it('should give a typed object', () => {
    expect(parseOptions(schema, { server: 'http://127.0.0.1:8080/', json: true, username: 'a' })).toEqual({ server: 'http://127.0.0.1:8080', json: true, username: 'a', note: undefined });
  });
  it('should reject a missing required option as a usage error', () => {
    expect(() => parseOptions(schema, {})).toThrow(expect.objectContaining({ code: 'USAGE', exitCode: 2, message: '--username is required' }));
  });
  it('should reject a server URL that is not http or https, or carries a password', () => {
    expect(() => parseOptions(schema, { server: 'ftp://x', username: 'a' })).toThrow("--server must be an http or https URL, got 'ftp://x'");
    expect(() => parseOptions(schema, { server: 'nonsense', username: 'a' })).toThrow('--server must be an http or https URL');
    expect(() => parseOptions(schema, { server: 'http://u:p@x', username: 'a' })).toThrow('must not carry');
  });
});
