/** @jest-environment jsdom */
import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import { getSessionState, signedIn } from '@tessera/bus';
import type { ConfigEpicDependencies } from './epic';
import { configEpic, configSlices } from './state';
import { ConfigRoot } from './ConfigRoot';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

function renderAt(path: string) {
  window.history.pushState({}, '', path);
  const tenancyConfig = jest.fn().mockResolvedValue({ name: 'Acme', supportEmail: 'help@acme.test', bannerColour: null, toastrTimeout: null, disclaimer: null, timeZone: 'UTC', mfaRequired: false, selfRegistration: false });
  const listCardTemplates = jest.fn().mockResolvedValue({
    cardTemplates: [{ cardTemplateId: '6f1d3a2e-0000-4000-8000-000000000001', name: 'staff', slots: [{ slot: '9A', certificateTemplateId: 'c', certificateTemplate: 'piv-auth', keyType: 'P-256' }], pin: null, pinRequirements: { minLength: 6, maxLength: 8, digitsOnly: true, description: '' }, createdAt: '', updatedAt: '' }],
  });
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, ConfigEpicDependencies>({
    dependencies: { api: { tenancyConfig, updateTenancyConfig: jest.fn(), listCardTemplates, listCertificateTemplates: jest.fn(), getIntuneScepConfig: jest.fn(), saveIntuneScepConfig: jest.fn(), listAcmeConfigurations: jest.fn().mockResolvedValue([]), setAcmeConfiguration: jest.fn(), createAcmeEabKey: jest.fn(), listAcmeOrders: jest.fn().mockResolvedValue({ totalResults: 0, results: [] }), listAllowedDomains: jest.fn(), addAllowedDomain: jest.fn(), deleteAllowedDomain: jest.fn() } as unknown as ConfigEpicDependencies['api'], bus: { showToast: jest.fn(), getSessionState, signedIn }, now: Date.now },
  });
  const store = configureStore({ reducer: combineReducers(Object.fromEntries(configSlices.map((s) => [s.name, s.reducer]))), middleware: (d) => d().concat(epicMiddleware) });
  epicMiddleware.run(configEpic);
  const view = render(
    <Provider store={store}>
      <ConfigRoot />
    </Provider>,
  );
  return { ...view, tenancyConfig };
}

describe('ConfigRoot', () => {
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList);
  });

  it('should show the tenancy configuration at /config/tenancy', async () => {
    const { tenancyConfig } = renderAt('/config/tenancy');
    expect(await screen.findByRole('heading', { name: 'Tenancy configuration' })).toBeTruthy();
    expect(tenancyConfig).toHaveBeenCalledTimes(1);
  });

  it('should list the card templates with a link to each layout editor at /config/smartcard', async () => {
    renderAt('/config/smartcard');
    const link = await screen.findByRole('link', { name: 'Edit the layout of staff' });
    expect(link.getAttribute('href')).toBe('/config/smartcard/edit/6f1d3a2e-0000-4000-8000-000000000001');
  });

  it('should say another config page is not available yet', () => {
    renderAt('/config/syslog-config');
    expect(screen.getByText('This page is not available yet')).toBeTruthy();
  });

  it('should render nothing outside the config area', () => {
    const { container } = renderAt('/home');
    expect(container.innerHTML).toBe('');
  });
});
