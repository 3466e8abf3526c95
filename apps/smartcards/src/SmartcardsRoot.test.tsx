/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { signedIn, signedOut } from '@tessera/bus';
import { normalisePermissionObject, type Viewer } from '@tessera/domain';
import { SmartcardsRoot } from './SmartcardsRoot';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('SmartcardsRoot', () => {
  afterEach(() => signedOut());

  it('should say a smartcards page is not available yet and point to the card readers', () => {
    signedIn({ id: 'u1', permission: normalisePermissionObject({ View: ['smartcardManage'] }) } as Viewer, {
      remainingSeconds: 900,
      expiresAt: '2030-01-01T00:15:00.000Z',
      absoluteExpiresAt: '2030-01-01T08:00:00.000Z',
    });
    window.history.pushState({}, '', '/credentials/smartcards/reports');
    render(<SmartcardsRoot />);
    expect(screen.getByText('This page is not available yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Card readers' }).getAttribute('href')).toBe('/credentials/smartcards/cms');
  });

  it('should show the page without links, and without looping, when signed out', () => {
    window.history.pushState({}, '', '/credentials/smartcards/reports');
    render(<SmartcardsRoot />);
    expect(screen.getByText('This page is not available yet')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('should render nothing outside the smartcards area', () => {
    window.history.pushState({}, '', '/home');
    const { container } = render(<SmartcardsRoot />);
    expect(container.innerHTML).toBe('');
  });
});
