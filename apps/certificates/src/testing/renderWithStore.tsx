import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import type { CertificateTemplate } from '@tessera/domain';
import { createEpicMiddleware } from 'redux-observable';
import type { CertificatesEpicDependencies } from '../epic';
import { certificatesEpic, certificatesSlices } from '../state';

/** A fake api client: every call is a jest mock the test sets up. */
export function fakeApi() {
  return {
    decodePem: jest.fn(),
    listCertificateTemplates: jest.fn().mockResolvedValue({ templates: [] }),
    setTemplateOrdering: jest.fn(),
    submitUserCsr: jest.fn(),
    submitDeviceCsr: jest.fn(),
    getCertificate: jest.fn(),
    getCertificateInfo: jest.fn().mockResolvedValue({ cn: '', dn: '', certificate: '', associatedUser: null, associatedDevice: null, associatedSmartcardDetails: null }),
    downloadCertificate: jest.fn(),
    certificateEndpoints: jest.fn().mockResolvedValue([]),
    revokeCertificate: jest.fn(),
    listRevocations: jest.fn().mockResolvedValue({ totalResults: 0, results: [] }),
    listCertificateRequests: jest.fn().mockResolvedValue({ requests: [] }),
    approveCertificateRequest: jest.fn(),
    approveRevocation: jest.fn(),
    cancelRevocation: jest.fn(),
    uploadCertificate: jest.fn(),
    submitUserKeyRequest: jest.fn(),
    submitDeviceKeyRequest: jest.fn(),
    listScepChallenges: jest.fn().mockResolvedValue({ challenges: [], total: 0, page: 1, pageSize: 25 }),
    createScepChallenge: jest.fn(),
    retrieveScepChallenge: jest.fn(),
    listAcmeClientDomains: jest.fn().mockResolvedValue({ domains: [] }),
    startAcmeClientOrder: jest.fn(),
    getAcmeClientOrder: jest.fn(),
  } satisfies Record<keyof CertificatesEpicDependencies['api'], jest.Mock>;
}

/** A fake bus: toasts recorded. */
export function fakeBus() {
  return { showToast: jest.fn() };
}

/** An ApiError-like rejection. */
export function apiError(code: string, message: string, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(message), { code, status: 400, ...extra });
}

/** jsdom has no matchMedia; Primer asks it. */
export function installMatchMedia(): void {
  window.matchMedia ??= ((query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList);
}

/** Renders `ui` with a real store holding only the certificates slices and epics over the fakes. */
export function renderWithStore(ui: ReactElement, { api = fakeApi(), bus = fakeBus() } = {}) {
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, CertificatesEpicDependencies>({
    dependencies: { api: api as unknown as CertificatesEpicDependencies['api'], bus },
  });
  const reducer = combineReducers(Object.fromEntries(certificatesSlices.map((slice) => [slice.name, slice.reducer])));
  const store = configureStore({ reducer, middleware: (getDefault) => getDefault().concat(epicMiddleware) });
  epicMiddleware.run(certificatesEpic);
  const result = render(<Provider store={store}>{ui}</Provider>);
  return { ...result, store, api, bus };
}

/** A template for tests. */
export function testTemplate(over: Partial<CertificateTemplate> = {}): CertificateTemplate {
  return {
    templateId: 't-1',
    templateName: 'tls-server',
    class: 'DEVICE',
    caId: 'ca-root',
    caName: 'Root CA',
    rawName: 'tls-server',
    licensedTemplateId: null,
    keyTypes: ['EC_NIST'],
    minRsaBits: 2048,
    validityPeriod: 1,
    validityPeriodUnits: 'YEARS',
    keyUsages: ['digitalSignature'],
    extendedKeyUsages: ['serverAuth'],
    certificateSubjects: [{ subjectField: 'CN', fieldValue: 'CommonName' }],
    certificateSans: [{ sanField: 'DNS', fieldValue: 'DNS' }],
    ignoreCsrDetails: true,
    renewalMode: 'NONE',
    rawCsrRules: '',
    csrRules: {},
    approvalRequired: false,
    revocationApprovalRequired: false,
    selfServiceEligible: false,
    serverKeyGeneration: false,
    accessLevel: 'SYSTEM',
    expiry: null,
    priority: null,
    algorithm: 'ecdsa-with-SHA256',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}
