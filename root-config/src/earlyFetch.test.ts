import { createEarlyFetch } from './earlyFetch';

const origin = 'http://127.0.0.1:8080';
const response = (body: string, status = 200) => new Response(body, { status });

describe('createEarlyFetch', () => {
  it('should answer the first GET of an early path from the early response, then go to the network', async () => {
    const network = jest.fn(async () => response('network'));
    const fetch = createEarlyFetch({ '/api/login': Promise.resolve(response('early', 401)) }, network, origin);
    const first = await fetch('/api/login', { method: 'GET', credentials: 'include' });
    expect(first.status).toBe(401);
    expect(await first.text()).toBe('early');
    expect(network).not.toHaveBeenCalled();
    expect(await (await fetch('/api/login')).text()).toBe('network');
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('should match an absolute URL of the same origin', async () => {
    const network = jest.fn(async () => response('network'));
    const fetch = createEarlyFetch({ '/api2/IDM-v1/BootstrapStatus': Promise.resolve(response('{"bootstrapMode":false}')) }, network, origin);
    expect(await (await fetch(`${origin}/api2/IDM-v1/BootstrapStatus`)).text()).toBe('{"bootstrapMode":false}');
  });

  it('should fetch again when the early request failed', async () => {
    const network = jest.fn(async () => response('network'));
    const fetch = createEarlyFetch({ '/api/login': Promise.resolve(null) }, network, origin);
    expect(await (await fetch('/api/login')).text()).toBe('network');
  });

  it('should leave other paths, other methods and other origins to the network', async () => {
    const network = jest.fn(async () => response('network'));
    const early = { '/api/login': Promise.resolve(response('early')) };
    const fetch = createEarlyFetch(early, network, origin);
    await fetch('/api2/Authentication-v1/check-session', { method: 'POST' });
    await fetch('/api/login', { method: 'POST' });
    await fetch('http://other.example/api/login');
    expect(network).toHaveBeenCalledTimes(3);
    expect(await (await fetch('/api/login')).text()).toBe('early');
  });

  it('should work without early responses', async () => {
    const network = jest.fn(async () => response('network'));
    expect(await (await createEarlyFetch(undefined, network, origin)('/api/login')).text()).toBe('network');
  });
});
