/** @jest-environment jsdom */
import { cleanup, render, screen } from '@testing-library/react';
import { signedIn, signedOut } from '@tessera/bus';
import { ROUTES, normalisePermissionObject, type Viewer } from '@tessera/domain';
import { installMatchMedia, renderWithStore } from './testing/renderWithStore';
import { SmartcardsRoot } from './SmartcardsRoot';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('SmartcardsRoot', () => {
  beforeAll(installMatchMedia);
  afterEach(() => signedOut());

  it('should show the suspensions and reports pages on their routes (they were "not available" before)', async () => {
    signedIn({ id: 'u1', permission: normalisePermissionObject({ View: ['smartcardManage', 'smartcardSuspendedReport'] }) } as Viewer, {
      remainingSeconds: 900,
      expiresAt: '2030-01-01T00:15:00.000Z',
      absoluteExpiresAt: '2030-01-01T08:00:00.000Z',
    });
    expect(ROUTES.filter((r) => r.permission === 'smartcardSuspendedReport').map((r) => r.path)).toEqual(['/credentials/smartcards/suspensions', '/credentials/smartcards/reports']);
    for (const [path, title] of [['/credentials/smartcards/suspensions', 'Suspended smartcards'], ['/credentials/smartcards/reports', 'Smartcard reports']] as const) {
      window.history.pushState({}, '', path);
      renderWithStore(<SmartcardsRoot />);
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      expect(screen.queryByText('This page is not available yet')).toBeNull();
      cleanup();
    }
  });

  it('should render nothing outside the smartcards area', () => {
    window.history.pushState({}, '', '/home');
    const { container } = render(<SmartcardsRoot />);
    expect(container.innerHTML).toBe('');
  });
});
