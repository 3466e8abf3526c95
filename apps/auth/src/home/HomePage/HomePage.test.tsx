/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import { signedIn, signedOut } from '@tessera/bus';
import { normalisePermissionObject, type Viewer } from '@tessera/domain';
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

describe('HomePage links', () => {
  afterEach(() => signedOut());

  it('should link a signed-in viewer to the working screens they may open', async () => {
    const api = fakeApi();
    api.news.mockRejectedValue(new Error('offline'));
    signedIn({ id: 'u1', permission: normalisePermissionObject({ Menu: ['smartcards'], View: ['smartcardManage'] }) } as Viewer, {
      remainingSeconds: 900,
      expiresAt: '2030-01-01T00:15:00.000Z',
      absoluteExpiresAt: '2030-01-01T08:00:00.000Z',
    });
    renderWithStore(<HomePage />, { api });
    const section = screen.getByRole('region', { name: 'Get started' });
    expect(within(section).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Card readers', '/credentials/smartcards/cms'],
      ['Smartcard applets', '/credentials/smartcards/applets'],
      ['Card stock', '/credentials/smartcards/stock'],
      ['Passkeys', '/credentials/fido/passkeys/u1'],
      ['API rate limits', '/monitor/api-Rates'],
    ]);
  });

  it('should show no links when signed out', async () => {
    const api = fakeApi();
    api.news.mockRejectedValue(new Error('offline'));
    renderWithStore(<HomePage />, { api });
    await screen.findByText('Welcome to Tessera.');
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
  });
});
