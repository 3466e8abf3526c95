/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import type { Locale } from '@tessera/domain';
import { apiError, fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { LocalesPage } from './LocalesPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const at = '2026-01-01T00:00:00.000Z';
const HQ: Locale = { id: 'l-1', level: 'location', name: 'HQ', parentId: '', createdAt: at };
const NORTH: Locale = { id: 'l-2', level: 'sublocation', name: 'North wing', parentId: 'l-1', createdAt: at };

describe('LocalesPage', () => {
  beforeAll(installMatchMedia);

  it('should draw the tree and add a sublocation under a location of the level above', async () => {
    const api = fakeApi();
    api.listLocales.mockResolvedValueOnce([HQ]).mockResolvedValue([HQ, NORTH]);
    api.createLocale.mockResolvedValue(NORTH);
    renderWithStore(<LocalesPage params={{}} />, { api });
    expect((await screen.findByRole('link', { name: 'HQ' })).getAttribute('href')).toBe('/config/locations/l-1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'sublocation');
    expect(screen.getByRole('combobox', { name: 'Parent (location)' })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'North wing');
    await userEvent.click(screen.getByRole('button', { name: 'Add location' }));
    await waitFor(() => expect(api.createLocale).toHaveBeenCalledWith({ level: 'sublocation', name: 'North wing', parentId: 'l-1' }));
    expect(await screen.findByRole('link', { name: 'North wing' })).toBeTruthy();
  });

  it('should rename the chosen locale, and keep one the server refused to delete with its message', async () => {
    const api = fakeApi();
    api.listLocales.mockResolvedValue([HQ, NORTH]);
    api.renameLocale.mockResolvedValue({ ...HQ, name: 'Head office' });
    api.deleteLocale.mockRejectedValue(apiError('CONFLICT', 'The locale holds others'));
    renderWithStore(<LocalesPage params={{ id: 'l-1' }} />, { api });
    const input = await screen.findByRole('textbox', { name: 'New name' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Head office');
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(api.renameLocale).toHaveBeenCalledWith({ id: 'l-1', name: 'Head office' }));
    await waitFor(() => expect(api.listLocales).toHaveBeenCalledTimes(2));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The locale holds others');
    expect(navigateToUrl).not.toHaveBeenCalled();
  });
});
