/** @jest-environment jsdom */
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { sessionRefreshed, signedIn, signedOut } from '@tessera/bus';
import { normalisePermissionObject, type SessionInfo, type Viewer } from '@tessera/domain';
import { NotAvailablePage } from './NotAvailablePage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const SESSION: SessionInfo = { remainingSeconds: 900, expiresAt: '2030-01-01T00:15:00.000Z', absoluteExpiresAt: '2030-01-01T08:00:00.000Z' };
const viewer = (view: string[]) => ({ id: 'u1', permission: normalisePermissionObject({ View: view }) }) as Viewer;
const SCREENS = [{ href: '/config/tenancy', label: 'Tenancy configuration', permission: 'tenancyConfig' }];

describe('NotAvailablePage', () => {
  afterEach(() => {
    cleanup();
    signedOut();
  });

  it('should say the page is not available and link the tenancy configuration for a tenancyConfig holder', async () => {
    signedIn(viewer(['tenancyConfig']), SESSION);
    render(<NotAvailablePage title="Configuration" screens={SCREENS} />);
    expect(screen.getByRole('heading', { name: 'Configuration' })).toBeTruthy();
    expect(screen.getByText('This page is not available yet')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Tenancy configuration' });
    expect(link.getAttribute('href')).toBe('/config/tenancy');
    await userEvent.setup().click(link);
    expect(navigateToUrl).toHaveBeenCalledWith('/config/tenancy');
  });

  it('should show no links without the permission, and follow session changes without re-rendering forever', () => {
    signedIn(viewer(['userView']), SESSION);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<NotAvailablePage title="Configuration" screens={SCREENS} />);
    expect(screen.queryByRole('navigation')).toBeNull();
    act(() => sessionRefreshed(SESSION));
    act(() => signedOut());
    expect(screen.getByText('This page is not available yet')).toBeTruthy();
    act(() => signedIn(viewer(['tenancyConfig']), SESSION));
    expect(screen.getByRole('link', { name: 'Tenancy configuration' })).toBeTruthy();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('should pass extra props to the main landmark', () => {
    render(<NotAvailablePage title="Smartcards" screens={[]} className="extra" />);
    expect(screen.getByRole('main').className).toContain('extra');
    expect(screen.getByRole('heading', { name: 'Smartcards' })).toBeTruthy();
  });
});
