/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { normalisePermissionObject } from '@tessera/domain';
import { Navigation } from './Navigation';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('Navigation', () => {
  it('should list one link per menu area the viewer may view', () => {
    const permission = normalisePermissionObject({ Menu: ['monitoring', 'config'], View: ['audit', 'tenancyConfig'] });
    render(<Navigation permission={permission} pathname="/config/tenancy" />);
    const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(expect.arrayContaining(['Home', 'Monitoring', 'Configuration']));
    expect(links).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Configuration' }).getAttribute('aria-current')).toBe('page');
  });

  it('should offer only Home without permissions', () => {
    render(<Navigation permission={normalisePermissionObject({ Menu: ['config'] })} pathname="/home" />);
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual(['Home']);
  });
});
