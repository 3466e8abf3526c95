/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { signedIn } from '@tessera/bus';
import { normalisePermissionObject, type Viewer } from '@tessera/domain';
import { NotAvailablePage } from './NotAvailablePage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('NotAvailablePage', () => {
  it('should say the page is not available and link only the smartcards screens the viewer may open', () => {
    signedIn({ id: 'u1', permission: normalisePermissionObject({ View: ['smartcardTemporary'] }) } as Viewer, {
      remainingSeconds: 900,
      expiresAt: '2030-01-01T00:15:00.000Z',
      absoluteExpiresAt: '2030-01-01T08:00:00.000Z',
    });
    render(<NotAvailablePage />);
    expect(screen.getByText('This page is not available yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Temporary passes' }).getAttribute('href')).toBe('/credentials/smartcards/manage');
    expect(screen.queryByRole('link', { name: 'Request smartcards' })).toBeNull();
  });
});
