/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { installMatchMedia } from '../../testing/fixtures';
import { fakeApi, renderWithStore } from '../../testing/renderWithStore';
import { AboutPage } from './AboutPage';

describe('AboutPage', () => {
  beforeAll(installMatchMedia);

  it('should show the product and, once fetched, the server version', async () => {
    const api = fakeApi();
    api.version.mockResolvedValue({ product: 'Tessera', version: '1.2.3' });
    renderWithStore(<AboutPage />, { api });
    expect(screen.getByRole('status', { name: 'Loading version' })).toBeTruthy();
    expect(await screen.findByText('1.2.3')).toBeTruthy();
    expect(screen.getByRole('main').textContent).toContain('Tessera');
  });

  it('should say when the version cannot be read', async () => {
    const api = fakeApi();
    api.version.mockRejectedValue(new Error('down'));
    renderWithStore(<AboutPage />, { api });
    expect((await screen.findByRole('alert')).textContent).toBe('The server version could not be read.');
  });
});
