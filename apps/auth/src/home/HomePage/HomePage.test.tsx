/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { fakeApi, renderWithStore } from '../../testing/renderWithStore';
import { HomePage } from './HomePage';

describe('HomePage', () => {
  it('should show the welcome text until the news arrives, then the news', async () => {
    const api = fakeApi();
    let resolve: (value: unknown) => void = () => {};
    api.news.mockReturnValue(new Promise((r) => (resolve = r)));
    renderWithStore(<HomePage />, { api });
    expect(screen.getByText('Welcome to Tessera.')).toBeTruthy();
    resolve({ version: '5', items: [{ id: 'n1', title: 'Release 1', body: 'Hello', publishedAt: '2026-01-31T00:00:00.000Z' }] });
    expect(await screen.findByRole('heading', { level: 2, name: 'Release 1' })).toBeTruthy();
    expect(screen.queryByText('Welcome to Tessera.')).toBeNull();
  });

  it('should keep the welcome text when the news cannot be fetched', async () => {
    const api = fakeApi();
    api.news.mockRejectedValue(new Error('offline'));
    const { store } = renderWithStore(<HomePage />, { api });
    await screen.findByText('Welcome to Tessera.');
    await new Promise((r) => setTimeout(r, 0));
    expect((store.getState() as unknown as { authNews: { status: string } }).authNews.status).toBe('failure');
    expect(screen.getByText('Welcome to Tessera.')).toBeTruthy();
  });
});
