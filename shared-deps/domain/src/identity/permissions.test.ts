import { ALL_PERMISSIONS, buildPermissionObject, effectivePermissions, menuAreas, normalisePermissionObject } from './permissions';
import { ROUTES } from '../common/routes';

describe('ALL_PERMISSIONS', () => {
  it('should hold every route permission and the identity permissions, each once', () => {
    for (const route of ROUTES) if (route.permission) expect(ALL_PERMISSIONS).toContain(route.permission);
    for (const p of ['userEdit', 'selfServicePortal', 'userAdd', 'userView', 'roleAdd', 'roleView', 'roleEdit', 'audit']) expect(ALL_PERMISSIONS).toContain(p);
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
  });
});

describe('effectivePermissions', () => {
  it('should be the union of the lists minus the union of the blacklists', () => {
    const roles = [
      { permissions: ['userView', 'userEdit'], blacklist: [] },
      { permissions: ['roleView', 'userView'], blacklist: ['userEdit'] },
    ];
    expect(effectivePermissions(roles)).toEqual(['userView', 'roleView']);
  });
  it('should be empty without roles', () => {
    expect(effectivePermissions([])).toEqual([]);
  });
});

describe('normalisePermissionObject', () => {
  it('should default missing lists to empty and isManager to false', () => {
    expect(normalisePermissionObject()).toEqual({ View: [], Menu: [], activeMenu: [], api: [], roles: [], isManager: false });
    expect(normalisePermissionObject({ View: ['a'], isManager: true })).toMatchObject({ View: ['a'], Menu: [], isManager: true });
  });
  it('should drop malformed entries', () => {
    expect(normalisePermissionObject({ View: ['a', 3, null] as unknown as string[], isManager: 'yes' as unknown as boolean })).toMatchObject({ View: ['a'], isManager: false });
  });
});

describe('buildPermissionObject', () => {
  it('should put the effective permissions in View and api and the viewable areas in Menu', () => {
    const object = buildPermissionObject(['userView', 'audit'], ['Auditor'], false);
    expect(object.View).toEqual(['userView', 'audit']);
    expect(object.api).toEqual(['userView', 'audit']);
    expect(object.roles).toEqual(['Auditor']);
    expect(object.Menu).toContain('identity');
    expect(object.Menu).toContain('monitoring');
    expect(object.Menu).not.toContain('config');
    expect(object.isManager).toBe(false);
  });
  it('should list areas whose routes carry no guard for every viewer, and never auth, shell or anonymous', () => {
    expect(menuAreas([])).toEqual(['apikeys']);
  });
});
