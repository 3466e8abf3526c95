/** Certificate details, info, downloads and the revocation list (issue 12; admin-console §3), checked with Debian's OpenSSL. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const P = '/api2/PKI-v1';
const C = '/api2/Certificates-v1';

describe('certificate details, downloads and revocations', () => {
  let t: TestContext;
  let tenantId: string;
  let adminId: string;
  let admin: TestClient;
  let dir: string;
  let root: { id: string; caCert: { pem: string } };
  let issuing: { id: string; caCert: { pem: string } };
  let templateId: string;
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const issue = async (name: string) => {
    openssl('req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', `${name}.key`, '-subj', `/CN=${name}.example.com`, '-addext', `subjectAltName=DNS:${name}.example.com`, '-out', `${name}.csr`);
    const result = (await admin.post(`${C}/SubmitDeviceCSR`, { templateId, csr: readFileSync(path.join(dir, `${name}.csr`), 'utf8'), friendlyName: `${name} box`, contactEmail: 'ops@example.test' })).json();
    expect(result.status).toBe('complete');
    return result as { certID: string; certificate: string; requestId: string };
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-certview-'));
    t = await build();
    ({ tenantId, userId: adminId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    root = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Root', keyAlgorithm: 'P-384' })).json();
    issuing = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Issuing', keyAlgorithm: 'P-256', parentId: root.id })).json();
    writeFileSync(path.join(dir, 'root.pem'), root.caCert.pem);
    writeFileSync(path.join(dir, 'issuing.pem'), issuing.caCert.pem);
    templateId = (await admin.post(`${P}/CertificateTemplate`, { templateName: 'tls-server', class: 'DEVICE', caId: issuing.id, keyTypes: ['EC_NIST'], validityPeriod: 90, validityPeriodUnits: 'DAYS', keyUsages: ['digitalSignature', 'keyAgreement'], extendedKeyUsages: ['serverAuth', 'clientAuth'], certificateSans: [{ sanField: 'DNS' }] })).json().templateId;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should answer every §3 certificate detail, the chain up to the root and the lint verdicts', async () => {
    const issued = await issue('web1');
    const res = await admin.get(`${C}/Certificate?certId=${encodeURIComponent(issued.certID)}`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    const [caId, serial] = issued.certID.split(':');
    expect(d).toMatchObject({
      certId: issued.certID,
      caName: 'Issuing',
      template: 'tls-server',
      template_id: templateId,
      serialNumber: serial,
      status: 'issued',
      friendly_name: 'web1 box',
      contact_email: 'ops@example.test',
      ca_id: caId,
      ca_owner: tenantId,
      tenant_id: tenantId,
      name: 'web1.example.com',
      subject: 'CN=web1.example.com',
      class: 'DEVICE',
      version: 3,
      key_usage: ['digitalSignature', 'keyAgreement'],
      eku: ['serverAuth', 'clientAuth'],
      eku_oid: ['1.3.6.1.5.5.7.3.1', '1.3.6.1.5.5.7.3.2'],
      signature_algorithm: 'ecdsa-with-SHA256',
      ocsp_enabled: true,
      certificate_logon_ca: false,
      revocation_reason: null,
      revocation_date: null,
      csr_id: issued.requestId,
      ca_certificate: issuing.caCert.pem,
      chain: [issuing.caCert.pem, root.caCert.pem],
    });
    expect(d.csr).toContain('BEGIN CERTIFICATE REQUEST');
    expect(d.crl_location).toMatch(new RegExp(`/pki/crl/${issuing.id}\\.crl$`));
    expect(d.certificate.trim()).toBe(issued.certificate.trim());
    expect(Buffer.from(d.cert_base64, 'base64').equals(Buffer.from(issued.certificate.replace(/-----[^-]+-----|\s/g, ''), 'base64'))).toBe(true);
    // The dates are the certificate's, as openssl reads them.
    writeFileSync(path.join(dir, 'web1.pem'), d.certificate);
    const notAfter = openssl('x509', '-in', 'web1.pem', '-noout', '-enddate').trim().split('=')[1]!;
    expect(new Date(d.valid_to).getTime()).toBe(new Date(notAfter).getTime());
    expect(Array.isArray(d.lint)).toBe(true);
    for (const finding of d.lint) expect(finding).toEqual({ ruleId: expect.any(String), severity: expect.stringMatching(/^(warn|error|fatal)$/), citation: expect.stringMatching(/RFC 5280|CA\/B/), message: expect.any(String) });
    // The chain answered is one that openssl verify accepts.
    writeFileSync(path.join(dir, 'chain.pem'), d.chain.join('\n'));
    expect(openssl('verify', '-x509_strict', '-CAfile', 'root.pem', '-untrusted', 'chain.pem', 'web1.pem').trim()).toBe('web1.pem: OK');
  });

  it('should download PEM, DER and a PKCS#7 holding the certificate and its chain that openssl reads', async () => {
    const issued = await issue('web2');
    const get = async (format: string) => {
      const res = await admin.get(`${C}/CertificateDownload?certId=${encodeURIComponent(issued.certID)}&format=${format}`);
      expect(res.statusCode).toBe(200);
      const file = res.json();
      writeFileSync(path.join(dir, file.fileName), Buffer.from(file.data, 'base64'));
      return file as { fileName: string; contentType: string };
    };
    expect(await get('pem')).toMatchObject({ fileName: 'web2.example.com.pem', contentType: 'application/x-pem-file' });
    expect(openssl('x509', '-in', 'web2.example.com.pem', '-noout', '-subject').trim()).toBe('subject=CN = web2.example.com');
    expect(await get('der')).toMatchObject({ fileName: 'web2.example.com.cer', contentType: 'application/pkix-cert' });
    expect(openssl('x509', '-inform', 'DER', '-in', 'web2.example.com.cer', '-noout', '-subject').trim()).toBe('subject=CN = web2.example.com');
    expect(await get('p7b')).toMatchObject({ fileName: 'web2.example.com.p7b', contentType: 'application/pkcs7-mime' });
    const subjects = openssl('pkcs7', '-inform', 'DER', '-in', 'web2.example.com.p7b', '-print_certs', '-noout')
      .split('\n')
      .filter((line) => line.startsWith('subject='));
    expect(subjects).toEqual(['subject=CN = web2.example.com', 'subject=CN = Issuing', 'subject=CN = Root']);
    const bad = await admin.get(`${C}/CertificateDownload?certId=${encodeURIComponent(issued.certID)}&format=pfx`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', field: 'format' });
  });

  it('should name the requester and the device of the certificate in its info', async () => {
    const device = await t.db.insertInto('devices').values({ tenant_id: tenantId, hostname: 'WEB3.example.com', serial_number: 'SN-42' }).returning('id').executeTakeFirstOrThrow();
    const issued = await issue('web3');
    const info = (await admin.get(`${C}/CertificateInfo?certId=${encodeURIComponent(issued.certID)}`)).json();
    expect(info).toEqual({
      cn: 'web3.example.com',
      dn: 'CN=web3.example.com',
      certificate: expect.stringContaining('BEGIN CERTIFICATE'),
      associatedUser: { id: adminId, username: 'admin' },
      associatedDevice: { device_oid: device.id, hostname: 'WEB3.example.com', serial_number: 'SN-42' },
      associatedSmartcardDetails: null,
    });
    const other = (await admin.get(`${C}/CertificateInfo?certId=${encodeURIComponent((await issue('nodevice')).certID)}`)).json();
    expect(other.associatedDevice).toBeNull();
  });

  it('should name the smartcard a certificate lives on, in its info and details, and only a card of its own tenant', async () => {
    const issued = await issue('oncard');
    const [caId, serialNumber] = issued.certID.split(':') as [string, string];
    const onCard = { slot: '9a', certId: issued.certID, caId, serialNumber, notAfter: '2030-01-01T00:00:00.000Z', pem: issued.certificate };
    const info = async () => (await admin.get(`${C}/CertificateInfo?certId=${encodeURIComponent(issued.certID)}`)).json();
    expect((await info()).associatedSmartcardDetails).toBeNull();
    // A card of another tenant naming the same CA and serial is not this tenant's card.
    const otherTenant = await t.createTenant('Initech', ['initech.test']);
    await t.db.insertInto('smartcards').values({ tenant_id: otherTenant, serial_number: 'OTHER-1', atr: '3b', card_type: 'PIV', status: 'issued', certificates: JSON.stringify([onCard]) }).execute();
    expect((await info()).associatedSmartcardDetails).toBeNull();
    // A card of the tenant holding another certificate is not it either.
    await t.db.insertInto('smartcards').values({ tenant_id: tenantId, serial_number: 'CARD-0', atr: '3b', card_type: 'PIV', status: 'issued', certificates: JSON.stringify([{ ...onCard, serialNumber: `${serialNumber}00`, certId: `${caId}:${serialNumber}00` }]) }).execute();
    expect((await info()).associatedSmartcardDetails).toBeNull();
    await t.db.insertInto('smartcards').values({ tenant_id: tenantId, serial_number: 'CARD-7', atr: '3b', card_type: 'PIV', status: 'issued', certificates: JSON.stringify([{ ...onCard, slot: '9c', serialNumber: 'ff' }, onCard]) }).execute();
    expect((await info()).associatedSmartcardDetails).toEqual({ card_serial: 'CARD-7' });
    expect((await admin.get(`${C}/Certificate?certId=${encodeURIComponent(issued.certID)}`)).json().card_serial).toBe('CARD-7');
  });

  it('should show a revocation on the certificate and list revocations paged, sorted and searched on the server', async () => {
    const certs = [];
    for (const name of ['rev-a', 'rev-b', 'rev-c']) certs.push(await issue(name));
    const reasons = ['keyCompromise', 'superseded', 'cessationOfOperation'];
    for (const [i, cert] of certs.entries()) {
      const [caId, serialNumber] = cert.certID.split(':');
      expect((await admin.post(`${C}/RevokeCertificate`, { caId, serialNumber, reason: reasons[i] })).json()).toMatchObject({ status: 'ok' });
    }
    const d = (await admin.get(`${C}/Certificate?certId=${encodeURIComponent(certs[0]!.certID)}`)).json();
    expect(d).toMatchObject({ status: 'revoked', revocation_reason: 'keyCompromise', revocation_date: expect.any(String) });

    const all = (await admin.get(`${C}/Revocations`)).json();
    expect(all.totalResults).toBe(3);
    expect(all.results.map((r: { subject: string }) => r.subject)).toEqual(['CN=rev-c.example.com', 'CN=rev-b.example.com', 'CN=rev-a.example.com']);
    expect(all.results[2]).toMatchObject({ certId: certs[0]!.certID, caId: issuing.id, reason: 'keyCompromise', state: 'complete', requestedBy: 'admin', revokedAt: expect.any(String), failureCode: null });
    const bySubject = (await admin.get(`${C}/Revocations?sortField=subject&sortDirection=asc`)).json();
    expect(bySubject.results.map((r: { subject: string }) => r.subject)).toEqual(['CN=rev-a.example.com', 'CN=rev-b.example.com', 'CN=rev-c.example.com']);
    const byReason = (await admin.get(`${C}/Revocations?sortField=reason&sortDirection=asc`)).json();
    expect(byReason.results.map((r: { reason: string }) => r.reason)).toEqual(['cessationOfOperation', 'keyCompromise', 'superseded']);
    expect((await admin.get(`${C}/Revocations?search=REV-B`)).json()).toMatchObject({ totalResults: 1, results: [{ subject: 'CN=rev-b.example.com' }] });
    const serialB = certs[1]!.certID.split(':')[1]!;
    expect((await admin.get(`${C}/Revocations?search=${serialB.slice(0, 12)}`)).json()).toMatchObject({ totalResults: 1, results: [{ serialNumber: serialB }] });
    expect((await admin.get(`${C}/Revocations?state=pending`)).json()).toEqual({ totalResults: 0, results: [] });
    expect((await admin.get(`${C}/Revocations?sortField=nope`)).json()).toMatchObject({ code: 'VALIDATION', field: 'sortField' });
  });

  it('should page the revocation list 10 at a time', async () => {
    const before = (await admin.get(`${C}/Revocations`)).json().totalResults as number;
    for (let i = 0; i < 12 - before; i++) {
      const cert = await issue(`page${i}`);
      const [caId, serialNumber] = cert.certID.split(':');
      await admin.post(`${C}/RevokeCertificate`, { caId, serialNumber, reason: 'superseded' });
    }
    const page1 = (await admin.get(`${C}/Revocations?sortField=subject&sortDirection=asc`)).json();
    const page2 = (await admin.get(`${C}/Revocations?sortField=subject&sortDirection=asc&page=2`)).json();
    expect(page1.totalResults).toBe(12);
    expect(page1.results).toHaveLength(10);
    expect(page2.results).toHaveLength(2);
    const subjects = [...page1.results, ...page2.results].map((r: { subject: string }) => r.subject);
    expect(subjects).toEqual([...subjects].sort());
    expect(new Set(subjects).size).toBe(12);
  });

  it('should refuse without permission, answer 404 for another tenant or an unknown certificate, and name bad fields', async () => {
    const issued = await issue('guarded');
    await t.createUser(tenantId, 'nobody', ['userView']);
    const nobody = t.client();
    await nobody.login('nobody', TEST_PASSWORD);
    expect((await nobody.get(`${C}/Certificate?certId=${encodeURIComponent(issued.certID)}`)).statusCode).toBe(403);
    expect((await nobody.get(`${C}/CertificateDownload?certId=${encodeURIComponent(issued.certID)}&format=pem`)).statusCode).toBe(403);
    expect((await nobody.get(`${C}/Revocations`)).statusCode).toBe(403);
    await t.createUser(tenantId, 'revviewer', ['certRevokeView']);
    const revViewer = t.client();
    await revViewer.login('revviewer', TEST_PASSWORD);
    // A pending revocation (as a template needing revocation approval leaves it): certRevokeView lists every state
    // (`revocations/searchPending` is guarded by it), viewPendingFailedRevocations only pending and failed ones.
    const certRow = await t.db.selectFrom('certificates').select('id').where('serial_number', '=', issued.certID.split(':')[1]!).executeTakeFirstOrThrow();
    await t.db.insertInto('revocations').values({ tenant_id: tenantId, certificate_id: certRow.id, reason: 'superseded', state: 'pending', requested_by: adminId }).execute();
    const done = (await revViewer.get(`${C}/Revocations?state=complete`)).json();
    expect(done.totalResults).toBe(12);
    expect(done.results.every((r: { state: string }) => r.state === 'complete')).toBe(true);
    expect((await revViewer.get(`${C}/Revocations?state=pending,failed`)).json()).toMatchObject({ totalResults: 1, results: [{ state: 'pending', certId: issued.certID }] });
    expect((await revViewer.get(`${C}/Revocations`)).json().totalResults).toBe(13);
    await t.createUser(tenantId, 'pendviewer', ['viewPendingFailedRevocations']);
    const pendViewer = t.client();
    await pendViewer.login('pendviewer', TEST_PASSWORD);
    expect((await pendViewer.get(`${C}/Revocations`)).json()).toMatchObject({ totalResults: 1, results: [{ state: 'pending', certId: issued.certID, revokedAt: null }] });
    const complete = await pendViewer.get(`${C}/Revocations?state=complete`);
    expect(complete.statusCode).toBe(403);
    expect(complete.json().message).toContain('certRevokeView');
    expect((await admin.get(`${C}/Revocations`)).json().totalResults).toBe(13);

    expect((await admin.get(`${C}/Certificate?certId=${issuing.id}:0badc0de`)).statusCode).toBe(404);
    expect((await admin.get(`${C}/Certificate?certId=not-a-cert`)).json()).toMatchObject({ code: 'VALIDATION', field: 'certId' });
    const globexId = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(globexId, 'g', ['certView', 'certRevokeView']);
    const g = t.client();
    const globex = { headers: { host: 'globex.test' } };
    await g.request('POST', '/api2/Authentication-v1/login', { body: { username: 'g', password: TEST_PASSWORD }, ...globex });
    expect((await g.request('GET', `${C}/Certificate?certId=${encodeURIComponent(issued.certID)}`, globex)).statusCode).toBe(404);
    expect((await g.request('GET', `${C}/CertificateInfo?certId=${encodeURIComponent(issued.certID)}`, globex)).statusCode).toBe(404);
    expect((await g.request('GET', `${C}/CertificateDownload?certId=${encodeURIComponent(issued.certID)}&format=p7b`, globex)).statusCode).toBe(404);
    expect((await g.request('GET', `${C}/Revocations`, globex)).json()).toEqual({ totalResults: 0, results: [] });
  });
});
