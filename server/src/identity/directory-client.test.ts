import { mapEntry, searchFilter } from './directory-client';

describe('directory entries', () => {
  it('should map an Active Directory user by sAMAccountName and read ACCOUNTDISABLE from userAccountControl', () => {
    const base = { dn: 'CN=Ann Lee,OU=Staff,DC=corp,DC=example', sAMAccountName: 'ann.lee', givenName: 'Ann', sn: 'Lee', mail: 'ann@corp.example', telephoneNumber: '+61 2 5550 1234' };
    expect(mapEntry('activeDirectory', { ...base, userAccountControl: '512' })).toEqual({
      dn: base.dn,
      username: 'ann.lee',
      givenName: 'Ann',
      familyName: 'Lee',
      emailAddress: 'ann@corp.example',
      telephone: '+61 2 5550 1234',
      enabled: true,
    });
    expect(mapEntry('activeDirectory', { ...base, userAccountControl: '514' })?.enabled).toBe(false);
    // Attribute names are case-insensitive in LDAP; multi-valued attributes give their first value.
    expect(mapEntry('ldap', { dn: 'uid=bo,dc=x', UID: ['bo', 'bob'], mail: [] })).toMatchObject({ username: 'bo', emailAddress: '', telephone: null, enabled: true });
    expect(mapEntry('ldap', { dn: 'cn=no-uid,dc=x', cn: 'no uid' })).toBeNull();
  });

  it('should narrow the user filter with substring filters that keep special characters as text', () => {
    expect(searchFilter({ kind: 'ldap', userFilter: '(objectClass=inetOrgPerson)' }).toString()).toBe('(objectClass=inetOrgPerson)');
    expect(searchFilter({ kind: 'activeDirectory', userFilter: '(objectClass=user)' }, ' a*b) ').toString()).toBe(
      '(&(objectClass=user)(|(sAMAccountName=*a\\2ab\\29*)(cn=*a\\2ab\\29*)(mail=*a\\2ab\\29*)))',
    );
  });
});
