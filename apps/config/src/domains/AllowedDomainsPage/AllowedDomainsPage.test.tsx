/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import { AllowedDomainsPage } from './AllowedDomainsPage';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';

const ROW = { id: 'd1', domain: '*.acme.test', createdAt: '2026-11-28T01:00:00.000Z' };

function setup(api: Parameters<typeof fakeApi>[0] = {}) {
  return renderWithStore(
    <AllowedDomainsPage />,
    fakeApi({
      listAllowedDomains: jest.fn().mockResolvedValue({ totalResults: 1, results: [ROW] }),
      addAllowedDomain: jest.fn().mockResolvedValue({ id: 'd2', domain: 'www.example.com', createdAt: ROW.createdAt }),
      deleteAllowedDomain: jest.fn().mockResolvedValue(undefined),
      ...api,
    }),
  );
}

describe('AllowedDomainsPage', () => {
  beforeAll(installMatchMedia);

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
