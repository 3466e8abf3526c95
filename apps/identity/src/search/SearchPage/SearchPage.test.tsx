/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fakeApi, installMatchMedia, renderWithStore, signInViewer } from '../../testing/renderWithStore';
import { SearchPage } from './SearchPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const TYPES = [
  { type: 'users', label: 'Users' },
  { type: 'devices', label: 'Devices' },
];

function hits(n: number, from = 0) {
  return Array.from({ length: n }, (_, i) => ({ id: `u-${from + i}`, type: 'users', title: `member${from + i}`, subtitle: 'Member' }));
}

describe('SearchPage', () => {
  beforeAll(installMatchMedia);

  it('should open on the users tab in the new-search state, search on the server 10 a page and page on', async () => {
    signInViewer(['search'], 'v-1');
    const api = fakeApi();
    api.searchTypes.mockResolvedValue(TYPES);
    api.getFavourites.mockResolvedValue({ savedfavourites: [] });
    api.search.mockResolvedValueOnce({ searchType: 'users', text: 'mem', skip: 0, totalResults: 23, results: hits(10) });
    api.search.mockResolvedValueOnce({ searchType: 'users', text: 'mem', skip: 10, totalResults: 23, results: hits(10, 10) });
    renderWithStore(<SearchPage params={{}} />, { api });
    expect(await screen.findByRole('link', { name: 'Devices' })).toHaveProperty('href', expect.stringContaining('/search/devices'));
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Enter a search.')).toBeTruthy();
    expect(api.search).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search text' }), 'mem');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('23 results')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'member0' }).getAttribute('href')).toBe('/identity/users/view/u-0');
    expect(api.search).toHaveBeenCalledWith('users', { text: 'mem', skip: 0, take: 10 });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'member10' })).toBeTruthy();
    expect(api.search).toHaveBeenLastCalledWith('users', { text: 'mem', skip: 10, take: 10 });
    await userEvent.click(screen.getByRole('button', { name: 'New search' }));
    expect(screen.getByText('Enter a search.')).toBeTruthy();
  });

  it('should show the block of 10 pages and a link to the next block when the server capped its count', async () => {
    signInViewer(['search'], 'v-1');
    const api = fakeApi();
    api.searchTypes.mockResolvedValue(TYPES);
    api.getFavourites.mockResolvedValue({ savedfavourites: [] });
    api.search.mockResolvedValueOnce({ searchType: 'users', text: 'mem', skip: 0, totalResults: 100, totalCapped: true, results: hits(10) });
    api.search.mockResolvedValueOnce({ searchType: 'users', text: 'mem', skip: 100, totalResults: 200, totalCapped: true, results: hits(10, 100) });
    renderWithStore(<SearchPage params={{}} />, { api });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search text' }), 'mem');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('More than 100 results')).toBeTruthy();
    expect(screen.getByText('1–10 of more than 100')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 10' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 11' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next pages' }));
    expect(await screen.findByRole('link', { name: 'member100' })).toBeTruthy();
    expect(api.search).toHaveBeenLastCalledWith('users', { text: 'mem', skip: 100, take: 10 });
    expect(screen.getByRole('button', { name: 'Page 11' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Page 20' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous pages' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next pages' })).toBeTruthy();
  });

  it('should show a failed search as total -1 with the message', async () => {
    signInViewer(['search'], 'v-1');
    const api = fakeApi();
    api.searchTypes.mockResolvedValue(TYPES);
    api.getFavourites.mockResolvedValue({ savedfavourites: [] });
    api.search.mockRejectedValue(apiError('SERVICE_UNAVAILABLE', 'Search is unavailable'));
    renderWithStore(<SearchPage params={{ searchType: 'devices' }} />, { api });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Search failed (-1): Search is unavailable');
    expect(api.search).toHaveBeenCalledWith('devices', { text: '', skip: 0, take: 10 });
  });

  it('should save the search as a favourite of the viewer, list it, run it and remove it', async () => {
    signInViewer(['search'], 'v-1');
    const api = fakeApi();
    const saved = { id: 'f-1', searchType: 'users', query: 'ali', createdAt: '2026-01-01T00:00:00.000Z' };
    api.searchTypes.mockResolvedValue(TYPES);
    api.getFavourites.mockResolvedValueOnce({ savedfavourites: [] }).mockResolvedValueOnce({ savedfavourites: [saved] }).mockResolvedValue({ savedfavourites: [] });
    api.search.mockResolvedValue({ searchType: 'users', text: 'ali', skip: 0, totalResults: 1, results: hits(1) });
    api.setFavourites.mockResolvedValue(saved);
    api.removeFavourite.mockResolvedValue(undefined);
    renderWithStore(<SearchPage params={{ searchType: 'users' }} />, { api });
    expect(screen.getByRole('button', { name: 'Save search' })).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search text' }), 'ali');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('1 results');
    await userEvent.click(screen.getByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(api.setFavourites).toHaveBeenCalledWith({ query: 'ali', userID: 'v-1', searchType: 'users' }));
    expect(api.getFavourites).toHaveBeenCalledWith('v-1');
    await userEvent.click(await screen.findByRole('button', { name: 'ali' }));
    await waitFor(() => expect(api.search).toHaveBeenCalledTimes(2));
    await userEvent.click(screen.getByRole('button', { name: 'Remove saved search ali' }));
    await waitFor(() => expect(api.removeFavourite).toHaveBeenCalledWith('f-1'));
    expect(await screen.findByText('None')).toBeTruthy();
  });

  it('should say results are stale 5 minutes after they arrived, and refresh them', async () => {
    signInViewer(['search'], 'v-1');
    const api = fakeApi();
    api.searchTypes.mockResolvedValue(TYPES);
    api.getFavourites.mockResolvedValue({ savedfavourites: [] });
    api.search.mockResolvedValue({ searchType: 'users', text: 'mem', skip: 0, totalResults: 3, results: hits(3) });
    renderWithStore(<SearchPage params={{}} />, { api });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search text' }), 'mem');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('3 results')).toBeTruthy();
    const arrived = Date.now();
    const clock = jest.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(arrived + 4 * 60_000);
      fireEvent.focus(window);
      expect(screen.queryByText('These results are more than 5 minutes old.')).toBeNull();
      clock.mockReturnValue(arrived + 5 * 60_000 + 1_000);
      fireEvent.focus(window);
      expect(await screen.findByText('These results are more than 5 minutes old.')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Refresh results' }));
      await waitFor(() => expect(api.search).toHaveBeenCalledTimes(2));
      expect(api.search).toHaveBeenLastCalledWith('users', { text: 'mem', skip: 0, take: 10 });
      await waitFor(() => expect(screen.queryByText('These results are more than 5 minutes old.')).toBeNull());
    } finally {
      clock.mockRestore();
    }
  });
});
