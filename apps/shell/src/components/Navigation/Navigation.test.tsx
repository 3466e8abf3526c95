/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { normalisePermissionObject } from '@tessera/domain';
import { Navigation } from './Navigation';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

function setWidth(narrow: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: narrow && query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }),
  });
}

const ADMIN = normalisePermissionObject({
  Menu: ['smartcards', 'tickets', 'config', 'self', 'monitoring', 'certificates'],
  View: ['smartcardManage', 'smartcardTemporary', 'smartcardRequest', 'ticketView', 'tenancyConfig', 'changePassword', 'audit', 'certView'],
});

describe('Navigation', () => {
  beforeEach(() => setWidth(false));

  it('should list Home and only the areas with a working screen', () => {
    render(<Navigation permission={ADMIN} viewerId="u1" pathname="/config/tenancy" />);
    const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Home', '/home'],
      ['Smartcards', '/credentials/smartcards/cms'],
      ['Passkeys', '/credentials/fido/passkeys/u1'],
      ['Self Service', '/self/changePassword/'],
      ['Tickets', '/tickets/search'],
      ['Configuration', '/config/tenancy'],
      ['Monitoring', '/monitor/api-Rates'],
    ]);
    expect(screen.getByRole('link', { name: 'Configuration' }).getAttribute('aria-current')).toBe('page');
  });

  it.each([
    ['/credentials/smartcards/cms', 'Smartcards'],
    ['/credentials/smartcards/manage', 'Smartcards'],
    ['/credentials/smartcards/request', 'Smartcards'],
    ['/credentials/fido/passkeys/u1', 'Passkeys'],
    ['/home', 'Home'],
  ])('should mark the page’s own area on %s', (pathname, label) => {
    render(<Navigation permission={ADMIN} viewerId="u1" pathname={pathname} />);
    const current = screen.getAllByRole('link').filter((l) => l.getAttribute('aria-current') === 'page');
    expect(current.map((l) => l.textContent)).toEqual([label]);
  });

  it('should fold the links behind a Menu button on a narrow screen', async () => {
    setWidth(true);
    const user = userEvent.setup();
    render(<Navigation permission={ADMIN} viewerId="u1" pathname="/home" />);
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Tickets' })).toBeNull();
    await user.click(button);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Tickets' })).toBeTruthy();
  });
});
