import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import type { CertificateAuthority, CertificateTemplate } from '@tessera/domain';
import { createEpicMiddleware } from 'redux-observable';
import type { PkiEpicDependencies } from '../epic';
import { pkiEpic, pkiSlices } from '../state';

/** A fake api client: every call is a jest mock the test sets up. */
export function fakeApi() {
  return {
    listCertificateAuthorities: jest.fn().mockResolvedValue({ cas: [] }),
    createCertificateAuthority: jest.fn(),
    importCertificateAuthority: jest.fn(),
    updateCaLicensing: jest.fn(),
    listCertificateTemplates: jest.fn().mockResolvedValue({ templates: [] }),
    createCertificateTemplate: jest.fn(),
    updateCertificateTemplate: jest.fn(),
  } satisfies Record<keyof PkiEpicDependencies['api'], jest.Mock>;
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

/** Renders `ui` with a real store holding only the pki slices and epics over the fakes. */
export function renderWithStore(ui: ReactElement, { api = fakeApi(), bus = fakeBus() } = {}) {
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, PkiEpicDependencies>({
    dependencies: { api: api as unknown as PkiEpicDependencies['api'], bus },
  });
  const reducer = combineReducers(Object.fromEntries(pkiSlices.map((slice) => [slice.name, slice.reducer])));
  const store = configureStore({ reducer, middleware: (getDefault) => getDefault().concat(epicMiddleware) });
  epicMiddleware.run(pkiEpic);
  const result = render(<Provider store={store}>{ui}</Provider>);
  return { ...result, store, api, bus };
}

/** A CA for tests. */
export function testCa(over: Partial<CertificateAuthority> = {}): CertificateAuthority {
  return {
    id: 'ca-root',
    friendlyName: 'Root CA',
    status: 'ActiveCert',
    caCert: { notBefore: '2026-01-01T00:00:00.000Z', notAfter: '2036-01-01T00:00:00.000Z', subject: 'CN=Root CA', serialNumber: '01', pem: '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n' },
    parentId: null,
    keyAlgorithm: 'P-256',
    keyStore: 'software',
    imported: false,
    crlLocation: 'http://127.0.0.1/pki/crl/ca-root.crl',
    ocspLocation: 'http://127.0.0.1/pki/ocsp/ca-root',
    licensedTemplates: [],
    licensedTenants: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
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
