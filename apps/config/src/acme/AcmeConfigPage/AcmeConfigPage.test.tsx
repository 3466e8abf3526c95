/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import type { AcmeConfiguration, AcmeOrderSummary } from '@tessera/domain';
import { AcmeConfigPage } from './AcmeConfigPage';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';

const TEMPLATE: AcmeConfiguration = { templateId: 't1', templateName: 'tls-server', enabled: false, eabRequired: false, directoryUrl: 'https://pki.test/pki/acme/t1/directory', unusedEabKeys: 0 };
const order = (i: number, status = 'valid'): AcmeOrderSummary => ({ orderId: `o${i}`, status, identifiers: [`www${i}.acme.localhost`], templateName: 'tls-server', accountId: 'a1a1a1a1-0000', accountStatus: 'valid', accountContact: ['mailto:ops@acme.test'], certificateId: null, createdAt: `2026-11-28T01:0${i}:00.000Z` });

function setup(api: Parameters<typeof fakeApi>[0] = {}) {
  return renderWithStore(
    <AcmeConfigPage />,
    fakeApi({
      listAcmeConfigurations: jest.fn().mockResolvedValue([TEMPLATE]),
      setAcmeConfiguration: jest.fn().mockImplementation(async (r: { enabled: boolean; eabRequired: boolean }) => ({ ...TEMPLATE, ...r })),
      createAcmeEabKey: jest.fn().mockResolvedValue({ keyId: 'kid-1', hmacKey: 'secret-hmac', directoryUrl: TEMPLATE.directoryUrl }),
      listAcmeOrders: jest.fn().mockResolvedValue({ totalResults: 12, results: [order(1), order(2, 'pending')] }),
      ...api,
    }),
  );
}

describe('AcmeConfigPage', () => {
  beforeAll(installMatchMedia);

  it('should enable ACME for a template and then show its directory URL, with a toast', async () => {
    const { api, bus, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Enable ACME for tls-server' }));
    await waitFor(() => expect(api.setAcmeConfiguration).toHaveBeenCalledWith({ templateId: 't1', enabled: true, eabRequired: false }));
    expect(await screen.findByText(TEMPLATE.directoryUrl)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disable ACME for tls-server' })).toBeTruthy();
    expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: 'ACME enabled for tls-server' }));
  });

  it('should show a new EAB key once', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Create an EAB key for tls-server' }));
    const shown = await screen.findByRole('status', { name: 'New EAB key' });
    expect(within(shown).getByText('secret-hmac')).toBeTruthy();
    expect(api.createAcmeEabKey).toHaveBeenCalledWith('t1');
  });

  it('should list the orders with their state, and ask the server for another page and sort', async () => {
    const { api, user } = setup();
    const table = await screen.findByRole('table', { name: 'ACME orders' });
    expect(await within(table).findByText('www2.acme.localhost')).toBeTruthy();
    expect(within(table).getByText('pending')).toBeTruthy();
    expect(api.listAcmeOrders).toHaveBeenLastCalledWith({ page: 1, sortField: 'createdAt', sortDirection: 'desc' });
    await user.click(within(table).getByRole('button', { name: 'State' }));
    await waitFor(() => expect(api.listAcmeOrders).toHaveBeenLastCalledWith({ page: 1, sortField: 'status', sortDirection: 'desc' }));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.listAcmeOrders).toHaveBeenLastCalledWith({ page: 2, sortField: 'status', sortDirection: 'desc' }));
  });

  it('should say why the templates could not be loaded', async () => {
    setup({ listAcmeConfigurations: jest.fn().mockRejectedValue({ code: 'FORBIDDEN', message: 'You do not have permission.' }) });
    expect(await screen.findByText('You do not have permission.')).toBeTruthy();
  });
});
