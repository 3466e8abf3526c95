/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NEVER } from 'rxjs';
import { navigateToUrl } from 'single-spa';
import { testViewer } from '../../testing/fixtures';
import { ToastProvider } from '../../toasts/ToastContext';
import { Header } from './Header';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

function renderHeader(props: Partial<React.ComponentProps<typeof Header>> = {}) {
  const onSignOut = jest.fn();
  render(
    <ToastProvider toasts$={NEVER}>
      <Header viewer={testViewer({ permission: { Menu: ['monitoring'], View: ['audit'] } })} pathname="/home" onSignOut={onSignOut} {...props} />
    </ToastProvider>,
  );
  return { onSignOut, user: userEvent.setup() };
}

describe('Header', () => {
  beforeEach(() => jest.mocked(navigateToUrl).mockClear());

  it('should show the product name, the signed-in user and the tenancy banner strip', () => {
    renderHeader();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Tessera' })).toBeTruthy();
    expect(banner.textContent).toContain('Alice Example');
    expect(banner.textContent).toContain('alice');
    expect(screen.getByTestId('tenancy-banner').style.background).toBe('rgb(255, 0, 0)');
  });

  it('should call onSignOut from the Sign out button', async () => {
    const { onSignOut, user } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('should build the navigation from the permission object and navigate through single-spa', async () => {
    const { user } = renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Home', '/home'],
      ['Passkeys', '/credentials/fido/passkeys/u1'],
      ['Monitoring', '/monitor/api-Rates'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(nav).getByRole('link', { name: 'Passkeys' }));
    expect(navigateToUrl).toHaveBeenCalledWith(links[1]?.getAttribute('href'));
  });

  it('should show no navigation, user or Sign out when signed out', () => {
    renderHeader({ viewer: null, pathname: '/login' });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(screen.queryByTestId('tenancy-banner')).toBeNull();
    // On the sign-in screen itself there is no link to it.
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('should offer a Sign in link to a signed-out visitor of a public page', async () => {
    renderHeader({ viewer: null, pathname: '/about' });
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/login');
    await userEvent.click(link);
    expect(navigateToUrl).toHaveBeenCalledWith('/login');
  });

  it('should pass className and extra props to the header', () => {
    renderHeader({ className: 'extra', id: 'hdr' });
    const banner = screen.getByRole('banner');
    expect(banner.className).toBe('extra');
    expect(banner.id).toBe('hdr');
  });
});
