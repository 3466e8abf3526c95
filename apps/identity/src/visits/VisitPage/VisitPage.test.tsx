/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { VisitPage } from './VisitPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('VisitPage', () => {
  beforeAll(installMatchMedia);

  it('should show the visitor, the host and sponsor as user links, the window and the pass', async () => {
    const api = fakeApi();
    api.getVisit.mockResolvedValue({
      id: 'v-1',
      visitor: { givenName: 'Vera', familyName: 'Visitor', emailAddress: 'vera@example.test', company: 'Globex' },
      purpose: 'Audit',
      host: { id: 'u-1', username: 'alice' },
      sponsor: null,
      startsAt: '2026-12-01T09:00:00.000Z',
      endsAt: '2026-12-01T17:00:00.000Z',
      pass: { id: 'p-1', passNumber: '00042', status: 'issued' },
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    renderWithStore(<VisitPage params={{ id: 'v-1' }} />, { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Visit of Vera Visitor' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'alice' }).getAttribute('href')).toBe('/identity/users/view/u-1');
    expect(screen.getByText('Globex')).toBeTruthy();
    expect(screen.getByText('00042 (issued)')).toBeTruthy();
    expect(screen.getByText(new Date('2026-12-01T09:00:00.000Z').toLocaleString())).toBeTruthy();
    expect(api.getVisit).toHaveBeenCalledWith('v-1');
  });
});
