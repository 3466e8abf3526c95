import { normalisePermissionObject, type RouteDef } from '@tessera/domain';
import { buildNavigation } from './buildNavigation';

const routes: RouteDef[] = [
  { path: '/login', area: 'auth', permission: null, access: 'public' },
  { path: '/home', area: 'auth', permission: null, access: 'session' },
  { path: '/denied', area: 'shell', permission: null, access: 'public' },
  { path: '/config/infrastructure', area: 'config', permission: 'infrastructureConfig', access: 'session' },
  { path: '/config/tenancy', area: 'config', permission: 'tenancyConfig', access: 'session' },
  { path: '/identity/users/view/:id', area: 'identity', permission: 'userView', access: 'session' },
  { path: '/identity/users', area: 'identity', permission: 'userView', access: 'session' },
  { path: '/auditing/dashboard', area: 'monitoring', permission: 'audit', access: 'session' },
];

describe('buildNavigation', () => {
  it('should offer only Home to a viewer without menu areas', () => {
    expect(buildNavigation(normalisePermissionObject({}), routes)).toEqual([{ area: 'auth', label: 'Home', href: '/home' }]);
  });

  it("should link each menu area to its first route the viewer may view", () => {
    const permission = normalisePermissionObject({ Menu: ['config', 'identity'], View: ['tenancyConfig', 'userView'] });
    expect(buildNavigation(permission, routes)).toEqual([
      { area: 'auth', label: 'Home', href: '/home' },
      { area: 'config', label: 'Configuration', href: '/config/tenancy' },
      { area: 'identity', label: 'Identity', href: '/identity/users' },
    ]);
  });

  it('should leave out an area missing from Menu even when a route is viewable', () => {
    const permission = normalisePermissionObject({ Menu: ['config'], View: ['infrastructureConfig', 'audit'] });
    expect(buildNavigation(permission, routes).map((e) => e.area)).toEqual(['auth', 'config']);
  });

  it('should leave out a menu area with no viewable route', () => {
    const permission = normalisePermissionObject({ Menu: ['monitoring'], View: [] });
    expect(buildNavigation(permission, routes).map((e) => e.area)).toEqual(['auth']);
  });
});
