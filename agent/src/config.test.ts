import { loadAgentConfig } from './config';

describe('loadAgentConfig', () => {
  it('should default to 127.0.0.1:8802, virtual readers and no allowed origin', () => {
    expect(loadAgentConfig({})).toMatchObject({ host: '127.0.0.1', port: 8802, origins: [], readers: 'virtual', virtualReaders: 1 });
  });

  it('should normalise the allowed origins', () => {
    expect(loadAgentConfig({ TESSERA_AGENT_ORIGINS: 'http://127.0.0.1:8080/, https://console.example' }).origins).toEqual(['http://127.0.0.1:8080', 'https://console.example']);
  });

  it.each([
    [{ TESSERA_AGENT_HOST: '0.0.0.0' }, 'TESSERA_AGENT_HOST must be a loopback address'],
    [{ TESSERA_AGENT_PORT: 'x' }, 'TESSERA_AGENT_PORT must be a port number'],
    [{ TESSERA_AGENT_ORIGINS: 'not a url' }, 'TESSERA_AGENT_ORIGINS holds'],
    [{ TESSERA_AGENT_READERS: 'usb' }, "TESSERA_AGENT_READERS must be 'virtual' or 'pcsc'"],
  ])('should refuse %j', (env, message) => {
    expect(() => loadAgentConfig(env)).toThrow(message);
  });

  it('should read the IPP card printers with the reader of each encoder, and name a bad entry', () => {
    expect(loadAgentConfig({}).ippPrinters).toEqual([]);
    const env = { TESSERA_AGENT_IPP_PRINTERS: JSON.stringify([{ name: 'Desk printer', uri: 'ipp://127.0.0.1:631/printers/Card', reader: 'Encoder 0' }, { name: 'No encoder', uri: 'ipps://p.example/ipp/print' }]) };
    expect(loadAgentConfig(env).ippPrinters).toEqual([{ name: 'Desk printer', uri: 'ipp://127.0.0.1:631/printers/Card', reader: 'Encoder 0' }, { name: 'No encoder', uri: 'ipps://p.example/ipp/print', reader: null }]);
    expect(() => loadAgentConfig({ TESSERA_AGENT_IPP_PRINTERS: '[{"name":"x","uri":"http://x"}]' })).toThrow("TESSERA_AGENT_IPP_PRINTERS entry 0 needs an ipp:// or ipps:// 'uri'");
    expect(() => loadAgentConfig({ TESSERA_AGENT_IPP_PRINTERS: '{' })).toThrow('TESSERA_AGENT_IPP_PRINTERS is not JSON');
  });
});
