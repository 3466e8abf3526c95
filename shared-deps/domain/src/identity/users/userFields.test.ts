import { protectedFieldsChanged } from './userFields';

describe('protectedFieldsChanged', () => {
  const current = { username: 'Ann', emailAddress: 'ann@a.test', roleIds: ['r1', 'r2'], organisationId: 'o1' };
  it('should answer nothing for the same values (case and order aside) and for fields left out', () => {
    expect(protectedFieldsChanged(current, { username: 'ann', emailAddress: 'ANN@a.test ', roleIds: ['r2', 'r1'], organisationId: 'o1' })).toEqual([]);
    expect(protectedFieldsChanged(current, {})).toEqual([]);
  });
  it('should name each protected field that changes', () => {
    expect(protectedFieldsChanged(current, { username: 'bob', emailAddress: 'b@a.test', roleIds: ['r1'], organisationId: null })).toEqual([
      'username',
      'emailAddress',
      'roleIds',
      'organisationId',
    ]);
  });
});
