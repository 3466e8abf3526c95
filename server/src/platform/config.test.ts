import { consoleUrl, loadConfig } from './config';

describe('loadConfig', () => {
  it('should apply the documented defaults and freeze the result', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, databaseUrl: null, redisUrl: null, sessionIdleSeconds: 900, sessionAbsoluteSeconds: 28800, trustProxy: false });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.webDir).toMatch(/dist[/\\]web$/);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('should read TESSERA_* variables', () => {
    const config = loadConfig({
      TESSERA_HOST: '0.0.0.0',
      TESSERA_PORT: '9000',
      TESSERA_DATABASE_URL: 'postgres://u@h/db',
      TESSERA_REDIS_URL: 'redis://h:6379',
      TESSERA_TRUST_PROXY: '1',
      TESSERA_RATE_LIMIT_MAX: '0',
    });
    expect(config).toMatchObject({ host: '0.0.0.0', port: 9000, databaseUrl: 'postgres://u@h/db', redisUrl: 'redis://h:6379', trustProxy: 1, rateLimitMax: 0 });
  });

  it.each([
    [{ TESSERA_PORT: 'eighty' }, /TESSERA_PORT must be an integer/],
    [{ TESSERA_PORT: '70000' }, /TESSERA_PORT must be between/],
    [{ TESSERA_DATABASE_URL: 'mysql://x' }, /TESSERA_DATABASE_URL must use postgres/],
    [{ TESSERA_REDIS_URL: 'not a url' }, /TESSERA_REDIS_URL must be a URL/],
    [{ TESSERA_SESSION_IDLE_SECONDS: '1000', TESSERA_SESSION_ABSOLUTE_SECONDS: '100' }, /ABSOLUTE_SECONDS must not be less/],
  ])('should refuse %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('agentLocalUrl', () => {
  it('should default to the agent port npm start uses (TESSERA_AGENT_PORT, else 8802)', () => {
    expect(loadConfig({}).agentLocalUrl).toBe('http://127.0.0.1:8802');
    expect(loadConfig({ TESSERA_AGENT_PORT: '9902' }).agentLocalUrl).toBe('http://127.0.0.1:9902');
  });

  it('should take TESSERA_AGENT_URL as an origin', () => {
    expect(loadConfig({ TESSERA_AGENT_URL: 'http://localhost:7000/' }).agentLocalUrl).toBe('http://localhost:7000');
  });

  it.each([
    [{ TESSERA_AGENT_URL: 'https://agent.example:7000' }, /TESSERA_AGENT_URL: Security client address must be an http address on this computer/],
    [{ TESSERA_AGENT_URL: 'nonsense' }, /TESSERA_AGENT_URL: Security client address must be an http address on this computer.*got 'nonsense'/],
    [{ TESSERA_AGENT_PORT: 'x' }, /TESSERA_AGENT_PORT must be an integer/],
  ])('should refuse %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('consoleUrl', () => {
  it('should print localhost for a loopback or wildcard listen address, where passkeys work', () => {
    for (const host of ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost']) expect(consoleUrl({ host, publicUrl: null }, 8080)).toBe('http://localhost:8080/');
  });

  it('should print another host as it is, and TESSERA_PUBLIC_URL when set', () => {
    expect(consoleUrl({ host: 'tessera.example', publicUrl: null }, 80)).toBe('http://tessera.example:80/');
    expect(consoleUrl({ host: 'fd00::1', publicUrl: null }, 80)).toBe('http://[fd00::1]:80/');
    expect(consoleUrl({ host: '127.0.0.1', publicUrl: 'https://console.example' }, 8080)).toBe('https://console.example/');
  });
});
