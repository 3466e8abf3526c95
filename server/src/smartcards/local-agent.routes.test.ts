/** CMSClientLocalAddress: the console learns the local security client's address from the server (issue 18). */
import { build, type TestContext } from '../test-helpers/build';

describe('GET /api2/CMS-v2/CMSClientLocalAddress', () => {
  let t: TestContext | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('should answer the default agent address without a session', async () => {
    t = await build();
    const response = await t.client().get('/api2/CMS-v2/CMSClientLocalAddress');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ AgentUrl: 'http://127.0.0.1:8802' });
  });

  it('should answer the configured address', async () => {
    t = await build({ config: { agentLocalUrl: 'http://127.0.0.1:19999' } });
    expect((await t.client().get('/api2/CMS-v2/CMSClientLocalAddress')).json()).toEqual({ AgentUrl: 'http://127.0.0.1:19999' });
  });
});
