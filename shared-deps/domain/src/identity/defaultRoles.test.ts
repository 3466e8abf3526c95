import { DEFAULT_ROLES } from './defaultRoles';
import { ALL_PERMISSIONS } from './permissions';

describe('DEFAULT_ROLES', () => {
  it('should hold only permissions of the catalog, without repeats', () => {
    for (const role of DEFAULT_ROLES) {
      for (const p of [...role.permissions, ...role.blacklist]) expect(ALL_PERMISSIONS).toContain(p);
      expect(new Set(role.permissions).size).toBe(role.permissions.length);
    }
  });
  it('should name operator, help desk, auditor and self-service user roles, the auditor unable to edit', () => {
    expect(DEFAULT_ROLES.map((r) => r.name)).toEqual(['Operator', 'Help desk', 'Auditor', 'Self-service user']);
    expect(DEFAULT_ROLES.find((r) => r.name === 'Auditor')!.blacklist).toEqual(expect.arrayContaining(['userEdit', 'roleEdit', 'orgEdit']));
  });
});
