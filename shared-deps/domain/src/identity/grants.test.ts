import { canGrant, permissionsNotHeld, permissionsOfRoles, roleEditPermissions, roleIdsChanged } from './grants';
import { permissionsNotHeldMessage } from './messages';

describe('permissionsNotHeld / canGrant', () => {
  it('should name each requested permission the granter lacks, once, in request order', () => {
    expect(permissionsNotHeld(['userView', 'userEdit'], ['roleEdit', 'userView', 'audit', 'roleEdit'])).toEqual(['roleEdit', 'audit']);
    expect(canGrant(['userView', 'userEdit'], ['roleEdit'])).toBe(false);
  });
  it('should allow a subset, including the empty one', () => {
    expect(permissionsNotHeld(new Set(['a', 'b']), ['b'])).toEqual([]);
    expect(canGrant(['a'], [])).toBe(true);
    expect(canGrant([], [])).toBe(true);
  });
});

describe('permissionsOfRoles', () => {
  it('should count permissions and blacklist entries of every role', () => {
    expect(permissionsOfRoles([{ permissions: ['a', 'b'], blacklist: ['c'] }, { permissions: ['b'], blacklist: [] }])).toEqual(['a', 'b', 'c']);
  });
});

describe('roleEditPermissions', () => {
  const before = { permissions: ['a', 'b'], blacklist: ['x'] };
  it('should be the permissions and blacklist entries added or removed', () => {
    expect(roleEditPermissions(before, { permissions: ['b', 'c'], blacklist: [] })).toEqual(['c', 'a', 'x']);
  });
  it('should ignore a list left out or sent unchanged', () => {
    expect(roleEditPermissions(before, {})).toEqual([]);
    expect(roleEditPermissions(before, { permissions: ['b', 'a'] })).toEqual([]);
  });
});

describe('roleIdsChanged', () => {
  it('should be the ids added and removed', () => {
    expect(roleIdsChanged(['r1', 'r2'], ['r2', 'r3'])).toEqual(['r3', 'r1']);
    expect(roleIdsChanged(['r1'], ['r1'])).toEqual([]);
  });
});

describe('permissionsNotHeldMessage', () => {
  it('should name the missing permissions', () => {
    expect(permissionsNotHeldMessage(['roleEdit', 'audit'])).toBe('You cannot grant or remove permissions you do not hold: roleEdit, audit.');
  });
});
