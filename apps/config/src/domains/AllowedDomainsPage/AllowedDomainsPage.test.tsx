/** @jest-environment jsdom */
import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import { getSessionState, signedIn } from '@tessera/bus';
import type { ConfigEpicDependencies } from '../../epic';
import { configEpic, configSlices } from '../../state';
import { AllowedDomainsPage } from './AllowedDomainsPage';

const ROW = { id: 'd1', domain: '*.acme.test', createdAt: '2026-11-28T01:00:00.000Z' };

function setup(api: Partial<ConfigEpicDependencies['api']> = {}) {
  const bus = { showToast: jest.fn(), getSessionState, signedIn };
  const dependencies: ConfigEpicDependencies = {
    api: {
      tenancyConfig: jest.fn(),
      updateTenancyConfig: jest.fn(),
      listAcmeConfigurations: jest.fn(),
      setAcmeConfiguration: jest.fn(),
      createAcmeEabKey: jest.fn(),
      listAcmeOrders: jest.fn(),
      listAllowedDomains: jest.fn().mockResolvedValue({ totalResults: 1, results: [ROW] }),
      addAllowedDomain: jest.fn().mockResolvedValue({ id: 'd2', domain: 'www.example.com', createdAt: ROW.createdAt }),
      deleteAllowedDomain: jest.fn().mockResolvedValue(undefined),
      ...api,
    } as ConfigEpicDependencies['api'],
    bus,
    now: Date.now,
  };
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, ConfigEpicDependencies>({ dependencies });
  const store = configureStore({ reducer: combineReducers(Object.fromEntries(configSlices.map((s) => [s.name, s.reducer]))), middleware: (d) => d().concat(epicMiddleware) });
  epicMiddleware.run(configEpic);
  render(
    <Provider store={store}>
      <AllowedDomainsPage />
    </Provider>,
  );
  return { bus, api: dependencies.api, user: userEvent.setup() };
}

describe('AllowedDomainsPage', () => {
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList);
  });

  it('should list the domains, add one and fetch the list again', async () => {
    const { api, user } = setup();
    expect(await within(await screen.findByRole('table', { name: 'Allowed domains' })).findByText('*.acme.test')).toBeTruthy();
    await user.type(screen.getByLabelText('Domain'), 'www.example.com');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.addAllowedDomain).toHaveBeenCalledWith('www.example.com'));
    await waitFor(() => expect(api.listAllowedDomains).toHaveBeenCalledTimes(2));
  });

  it("should show the server's refusal beside the field", async () => {
    const { user } = setup({ addAllowedDomain: jest.fn().mockRejectedValue({ code: 'VALIDATION', field: 'domain', message: "domain 'a b' is not a domain name (example.com or *.example.com)" }) });
    await user.type(await screen.findByLabelText('Domain'), 'a b');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText("domain 'a b' is not a domain name (example.com or *.example.com)")).toBeTruthy();
  });

  it('should search on the server and remove a domain', async () => {
    const { api, user } = setup();
    await user.type(await screen.findByLabelText('Search'), 'acme');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.listAllowedDomains).toHaveBeenLastCalledWith({ page: 1, search: 'acme' }));
    await user.click(await screen.findByRole('button', { name: 'Remove *.acme.test' }));
    await waitFor(() => expect(api.deleteAllowedDomain).toHaveBeenCalledWith('d1'));
  });
});
