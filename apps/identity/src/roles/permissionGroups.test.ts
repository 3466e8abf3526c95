import { ALL_PERMISSIONS } from '@tessera/domain';
import { permissionGroups } from './permissionGroups';

describe('permissionGroups', () => {
  it('should put every permission in exactly one group', () => {
    const flat = permissionGroups().flatMap((g) => g.permissions);
    expect(flat.sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('should group permissions by the area of the routes they guard, with route-less ones last', () => {
    const groups = permissionGroups();
    expect(groups.find((g) => g.area === 'identity')?.permissions).toEqual(expect.arrayContaining(['userView', 'roleEdit', 'orgTree']));
    expect(groups.find((g) => g.area === 'tickets')?.permissions).toContain('ticketView');
    expect(groups.at(-1)).toEqual({ area: 'other', permissions: expect.arrayContaining(['userDelete', 'certRevoke']) });
  });
});
