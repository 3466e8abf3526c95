/** The public PKI routes: their own rate bucket, the CRL schedule, OCSP for an unknown CA (docs/api.md "Public PKI routes"). */
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier } from '@peculiar/asn1-x509';
import { CertID, OCSPRequest, OCSPResponse, OCSPResponseStatus, Request, TBSRequest } from '@peculiar/asn1-ocsp';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import { CRL_VALIDITY_MS } from './crl.service';
import { x509 } from './x509';

describe('public PKI routes', () => {
  let t: TestContext;
  let caId: string;

  beforeAll(async () => {
    t = await build({ config: { pkiRateLimitMax: 4 } });
    await t.bootstrap();
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    caId = (await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'Root', keyAlgorithm: 'P-256' })).json().id;
  });
  afterAll(async () => t?.close());

  it('should re-sign the CRL on schedule: the same CRL until half its validity has passed, then a new number', async () => {
    const crl = async () => new x509.X509Crl(new Uint8Array((await t.app.inject({ method: 'GET', url: `/pki/crl/${caId}.crl`, remoteAddress: '10.9.0.1' })).rawPayload));
    const first = await crl();
    t.advance(CRL_VALIDITY_MS / 4);
    expect((await crl()).thisUpdate).toEqual(first.thisUpdate);
    t.advance(CRL_VALIDITY_MS / 4 + 1000);
    const second = await crl();
    expect(second.thisUpdate.getTime()).toBeGreaterThan(first.thisUpdate.getTime());
    expect(second.nextUpdate!.getTime() - second.thisUpdate.getTime()).toBe(CRL_VALIDITY_MS);
    expect(Buffer.from(second.rawData).equals(Buffer.from(first.rawData))).toBe(false);
  });

  it('should answer OCSP unauthorized for a CA that is not one of its own', async () => {
    const certId = new CertID({ hashAlgorithm: new AlgorithmIdentifier({ algorithm: '1.3.14.3.2.26', parameters: null }), issuerNameHash: new OctetString(new Uint8Array(20)), issuerKeyHash: new OctetString(new Uint8Array(20)), serialNumber: new Uint8Array([1]).buffer });
    const request = new OCSPRequest({ tbsRequest: new TBSRequest({ requestList: [new Request({ reqCert: certId })] }) });
    const res = await t.app.inject({ method: 'POST', url: '/pki/ocsp/00000000-0000-4000-8000-000000000000', headers: { 'content-type': 'application/ocsp-request' }, payload: Buffer.from(AsnConvert.serialize(request)) });
    expect(res.statusCode).toBe(200);
    expect(AsnConvert.parse(res.rawPayload, OCSPResponse).responseStatus).toBe(OCSPResponseStatus.unauthorized);
  });

  it('should count the public PKI routes in their own per-address bucket, apart from the console calls', async () => {
    const remoteAddress = '10.9.0.2';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.app.inject({ method: 'GET', url: `/pki/ca/${caId}.crt`, remoteAddress })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect((await t.app.inject({ method: 'POST', url: `/pki/ocsp/${caId}`, remoteAddress, headers: { 'content-type': 'application/ocsp-request' }, payload: Buffer.from([0x30, 0]) })).statusCode).toBe(429);
    // The console's calls from the same address are not limited by it, and another address has its own bucket.
    expect((await t.app.inject({ method: 'GET', url: '/api2/IDM-v1/Version', remoteAddress })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/pki/ca/${caId}.crt`, remoteAddress: '10.9.0.3' })).statusCode).toBe(200);
  });
});
