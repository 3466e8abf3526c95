import { MESSAGES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const I = '/api2/IDM-v1';

describe('IDM-v1 devices and ipam', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let viewer: TestClient; // deviceView only
  let foreign: TestClient; // every device permission, other tenant
  let foreignDeviceId: string;

  const signIn = async (username: string, host?: string) => {
    const c = t.client();
    const res = await c.post('/api2/Authentication-v1/login', { username, password: TEST_PASSWORD }, host ? { headers: { host } } : {});
    if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.body}`);
    return c;
  };
  const count = async () => (await t.db.selectFrom('devices').select('id').execute()).length;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = await signIn('admin');
    await t.createUser(tenantId, 'vera', ['deviceView']);
    viewer = await signIn('vera');
    const globex = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(globex, 'gus', ['deviceView', 'deviceAdd', 'deviceEdit', 'deviceIpam']);
    foreign = await signIn('gus', 'globex.example');
    const res = await foreign.post(`${I}/Device`, { hostname: 'globex-1', ipAddress: '10.0.0.9' });
    expect(res.statusCode).toBe(201);
    foreignDeviceId = res.json().id;
  });
  afterAll(async () => t?.close());

  it('should add a device, file it under the subnet holding its address, and audit it', async () => {
    const subnet = await admin.post(`${I}/Subnet`, { cidr: '10.20.0.0/16', name: 'Office' });
    expect(subnet.statusCode).toBe(201);
    const res = await admin.post(`${I}/Device`, { hostname: 'ws-001.acme.example', serialNumber: 'SN1', deviceType: 'Workstation', ipAddress: '10.20.1.5', macAddress: '00:1A:2B:3C:4D:5E' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ hostname: 'ws-001.acme.example', serialNumber: 'SN1', ipAddress: '10.20.1.5', subnetId: subnet.json().id });
    expect((await t.auditRows('device.create')).at(-1)).toMatchObject({ target_id: res.json().id, actor_username: 'admin', tenant_id: tenantId });
    const read = await viewer.get(`${I}/Device?id=${res.json().id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().macAddress).toBe('00:1A:2B:3C:4D:5E');
  });

  it.each([
    ['hostname', { hostname: 'bad host' }, MESSAGES.HOSTNAME_INVALID],
    ['ipAddress', { hostname: 'ok-1', ipAddress: '10.0.0.256' }, MESSAGES.IP_ADDRESS_INVALID],
    ['ipAddress', { hostname: 'ok-1', ipAddress: '010.0.0.1' }, MESSAGES.IP_ADDRESS_INVALID],
    ['macAddress', { hostname: 'ok-1', macAddress: '00:1A' }, undefined],
  ])('fail/%s: should refuse %j naming the field and add nothing', async (field, body, message) => {
    const before = await count();
    const res = await admin.post(`${I}/Device`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    if (message) expect(res.json().message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('should refuse a taken host name (any case) and a taken address with 409', async () => {
    await admin.post(`${I}/Device`, { hostname: 'dup-1', ipAddress: '10.20.9.9' });
    const byName = await admin.post(`${I}/Device`, { hostname: 'DUP-1' });
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toMatchObject({ field: 'hostname', message: MESSAGES.HOSTNAME_DUPLICATE });
    const byIp = await admin.post(`${I}/Device`, { hostname: 'dup-2', ipAddress: '10.20.9.9' });
    expect(byIp.statusCode).toBe(409);
    expect(byIp.json().field).toBe('ipAddress');
  });

  it('should let a viewer without deviceAdd / deviceEdit / deviceIpam read but not write', async () => {
    expect((await viewer.post(`${I}/Device`, { hostname: 'nope' })).statusCode).toBe(403);
    expect((await viewer.get(`${I}/Subnets`)).statusCode).toBe(403);
    expect((await viewer.get(`${I}/Devices`)).statusCode).toBe(200);
  });

  it('should edit and clone a device; the clone gets a new host name and no serial number or address', async () => {
    const created = (await admin.post(`${I}/Device`, { hostname: 'printer-1', deviceType: 'Printer', serialNumber: 'P-77', ipAddress: '10.20.3.3' })).json();
    const edited = await admin.put(`${I}/Device`, { id: created.id, hostname: 'printer-1', deviceType: 'Printer', serialNumber: 'P-77', description: 'Floor 2', ipAddress: '10.20.3.4' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ description: 'Floor 2', ipAddress: '10.20.3.4' });
    expect((await t.auditRows('device.update')).at(-1)?.detail).toEqual({ changed: expect.arrayContaining(['description', 'ip_address', 'ip_number']) });
    const clone = await admin.post(`${I}/CloneDevice`, { id: created.id, hostname: 'printer-2', ipAddress: '10.20.3.5' });
    expect(clone.statusCode).toBe(201);
    expect(clone.json()).toMatchObject({ hostname: 'printer-2', deviceType: 'Printer', serialNumber: '', macAddress: '', ipAddress: '10.20.3.5', description: 'Floor 2' });
    expect((await t.auditRows('device.create')).at(-1)?.detail).toMatchObject({ clonedFrom: created.id });
  });

  it("should keep tenants apart: another tenant's device is 404 to read, edit and clone, and absent from lists", async () => {
    expect((await admin.get(`${I}/Device?id=${foreignDeviceId}`)).statusCode).toBe(404);
    expect((await admin.put(`${I}/Device`, { id: foreignDeviceId, hostname: 'stolen' })).statusCode).toBe(404);
    expect((await admin.post(`${I}/CloneDevice`, { id: foreignDeviceId, hostname: 'stolen' })).statusCode).toBe(404);
    const list = (await admin.get(`${I}/Devices?search=globex`)).json();
    expect(list).toEqual({ totalResults: 0, results: [] });
    // The same address may be used in another tenant.
    expect((await admin.post(`${I}/Device`, { hostname: 'acme-9', ipAddress: '10.0.0.9' })).statusCode).toBe(201);
  });

  it('should page devices 10 at a time with the total, filtered by search', async () => {
    const csv = ['hostname,ipAddress', ...Array.from({ length: 23 }, (_, i) => `page-${String(i).padStart(2, '0')},10.30.0.${i + 1}`)].join('\n');
    expect((await admin.post(`${I}/DevicesBatch`, { csv })).json()).toMatchObject({ total: 23, created: 23, failed: 0 });
    const first = (await admin.get(`${I}/Devices?search=page-`)).json();
    expect(first.totalResults).toBe(23);
    expect(first.results).toHaveLength(10);
    const last = (await admin.get(`${I}/Devices?search=page-&skip=20`)).json();
    expect(last.results.map((d: { hostname: string }) => d.hostname)).toEqual(['page-20', 'page-21', 'page-22']);
  });

  describe('DevicesBatch', () => {
    it('should create the good rows and report each bad row with its row and column', async () => {
      const csv = 'hostname,ipAddress,deviceType\nbatch-1,10.40.0.1,Laptop\nbad host,,Laptop\nbatch-2,10.40.0.999,Laptop\nbatch-1,,Laptop\nbatch-3,,Phone\n';
      const res = await admin.post(`${I}/DevicesBatch`, { csv });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        total: 5,
        created: 2,
        failed: 3,
        errors: [
          { row: 2, column: 'hostname', message: MESSAGES.HOSTNAME_INVALID },
          { row: 3, column: 'ipAddress', message: MESSAGES.IP_ADDRESS_INVALID },
          { row: 4, column: 'hostname', message: MESSAGES.HOSTNAME_DUPLICATE },
        ],
      });
      expect((await t.auditRows('device.batch')).at(-1)?.detail).toEqual({ total: 5, created: 2, failed: 3 });
    });

    it.each([
      ['an unknown column', 'hostname,colour\na,red\n'],
      ['no hostname column', 'serialNumber\nS1\n'],
      ['an unclosed quote', 'hostname\n"batch-x\n'],
      ['a ragged row', 'hostname,serialNumber\nbatch-y,S1,extra\n'],
    ])('fail/%s: should refuse the whole file naming csv and create nothing', async (_name, csv) => {
      const before = await count();
      const res = await admin.post(`${I}/DevicesBatch`, { csv });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('csv');
      expect(await count()).toBe(before);
    });
  });

  describe('subnets', () => {
    it.each(['10.0.0.1/24', '10.0.0.0/33', '10.0.0/24', '300.0.0.0/8', '10.0.0.0'])('fail/%s: should refuse a subnet breaking the CIDR rule', async (cidr) => {
      const res = await admin.post(`${I}/Subnet`, { cidr });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'cidr', message: MESSAGES.SUBNET_INVALID });
    });

    it('should refuse a duplicate or overlapping subnet with 409', async () => {
      await admin.post(`${I}/Subnet`, { cidr: '192.168.0.0/24' });
      expect((await admin.post(`${I}/Subnet`, { cidr: '192.168.0.0/24' })).json()).toMatchObject({ field: 'cidr', message: MESSAGES.SUBNET_DUPLICATE });
      const overlap = await admin.post(`${I}/Subnet`, { cidr: '192.168.0.128/25' });
      expect(overlap.statusCode).toBe(409);
      expect(overlap.json().message).toBe(MESSAGES.subnetOverlaps('192.168.0.0/24'));
      // Another tenant may hold the same range.
      expect((await foreign.post(`${I}/Subnet`, { cidr: '192.168.0.0/24' })).statusCode).toBe(201);
    });

    it('should attach existing devices to a new subnet and list its addresses; refuse to delete it while used', async () => {
      const device = (await admin.post(`${I}/Device`, { hostname: 'cam-1', ipAddress: '172.16.5.20' })).json();
      expect(device.subnetId).toBe('');
      const subnet = (await admin.post(`${I}/Subnet`, { cidr: '172.16.5.0/24', name: 'Cameras' })).json();
      expect(subnet).toMatchObject({ network: '172.16.5.0', last: '172.16.5.255', size: 256, used: 1 });
      const ips = (await admin.get(`${I}/SubnetIps?id=${subnet.id}`)).json();
      expect(ips.addresses).toEqual([{ ipAddress: '172.16.5.20', deviceId: device.id, hostname: 'cam-1' }]);
      const perSubnet = (await admin.get(`${I}/Devices?subnetId=${subnet.id}`)).json();
      expect(perSubnet.results.map((d: { id: string }) => d.id)).toEqual([device.id]);
      const del = await admin.request('DELETE', `${I}/Subnet/${subnet.id}`);
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toBe(MESSAGES.SUBNET_IN_USE);
      await admin.put(`${I}/Device`, { id: device.id, hostname: 'cam-1', ipAddress: '' });
      expect((await admin.request('DELETE', `${I}/Subnet/${subnet.id}`)).statusCode).toBe(204);
      expect((await t.auditRows('subnet.delete')).at(-1)).toMatchObject({ target_id: subnet.id });
      expect((await foreign.get(`${I}/SubnetIps?id=${subnet.id}`)).statusCode).toBe(404);
    });
  });
});
