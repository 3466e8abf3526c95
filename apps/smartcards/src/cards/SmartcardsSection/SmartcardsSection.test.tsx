/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RESULTS_PER_PAGE, type Smartcard } from '@tessera/domain';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { SmartcardsSection } from './SmartcardsSection';

const card = (serial: string): Smartcard =>
  ({ cardId: `id-${serial}`, serialNumber: serial, status: 'issued', certificates: [{ slot: '9A' }], cardTemplateId: null, updatedAt: '2026-01-01T00:00:00Z' }) as unknown as Smartcard;

describe('SmartcardsSection', () => {
  beforeAll(installMatchMedia);

  it('should ask the server for each page, sort and search, and show its total', async () => {
    const api = fakeApi();
    api.listSmartcards.mockResolvedValue({ smartcards: [card('C1'), card('C2')], total: 23, page: 1, pageSize: RESULTS_PER_PAGE });
    renderWithStore(<SmartcardsSection />, { api });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Card C1' })).toBeTruthy());
    expect(api.listSmartcards).toHaveBeenLastCalledWith({ sort: 'createdAt', order: 'desc', page: 1, pageSize: RESULTS_PER_PAGE });
    expect(screen.getByText(`23 smartcards (${RESULTS_PER_PAGE} a page)`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Card C1' }).getAttribute('href')).toBe('/credentials/smartcards/view/id-C1');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.listSmartcards).toHaveBeenLastCalledWith({ sort: 'createdAt', order: 'desc', page: 2, pageSize: RESULTS_PER_PAGE }));

    fireEvent.click(screen.getByRole('button', { name: 'Serial' }));
    await waitFor(() => expect(api.listSmartcards).toHaveBeenLastCalledWith({ sort: 'serialNumber', order: 'asc', page: 1, pageSize: RESULTS_PER_PAGE }));
    fireEvent.click(screen.getByRole('button', { name: 'Serial' }));
    await waitFor(() => expect(api.listSmartcards).toHaveBeenLastCalledWith({ sort: 'serialNumber', order: 'desc', page: 1, pageSize: RESULTS_PER_PAGE }));

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: ' alice ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.listSmartcards).toHaveBeenLastCalledWith({ search: 'alice', sort: 'serialNumber', order: 'desc', page: 1, pageSize: RESULTS_PER_PAGE }));
  });

  it('should say the list could not be loaded', async () => {
    const api = fakeApi();
    api.listSmartcards.mockRejectedValue(new Error('boom'));
    renderWithStore(<SmartcardsSection />, { api });
    await waitFor(() => expect(screen.getByText(/boom/)).toBeTruthy());
    expect(screen.getByText('No smartcards')).toBeTruthy();
  });
});
