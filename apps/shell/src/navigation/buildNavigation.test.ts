import { normalisePermissionObject, type ConsoleScreen } from '@tessera/domain';
import { buildNavigation } from './buildNavigation';

const screens: ConsoleScreen[] = [
  { path: '/credentials/smartcards/cms', area: 'smartcards', label: 'Card readers', description: '' },
  { path: '/credentials/smartcards/manage', area: 'smartcards', label: 'Temporary passes', description: '' },
  { path: '/credentials/fido/passkeys/:userID', area: 'fido', label: 'Passkeys', description: '' },
  { path: '/tickets/search', area: 'tickets', label: 'Search tickets', description: '' },
  { path: '/config/tenancy', area: 'config', label: 'Tenancy configuration', description: '' },
];

describe('buildNavigation', () => {
  it('should offer Home and the viewer’s own passkeys to a viewer without permissions', () => {
    expect(buildNavigation(normalisePermissionObject({}), 'u1', screens)).toEqual([
      { area: 'auth', label: 'Home', href: '/home' },
      { area: 'fido', label: 'Passkeys', href: '/credentials/fido/passkeys/u1' },
    ]);
  });

  it('should link each area to its first working screen the viewer may open', () => {
    const permission = normalisePermissionObject({ Menu: ['smartcards', 'config', 'identity'], View: ['smartcardTemporary', 'tenancyConfig', 'userView'] });
    expect(buildNavigation(permission, 'u1', screens)).toEqual([
      { area: 'auth', label: 'Home', href: '/home' },
      { area: 'smartcards', label: 'Smartcards', href: '/credentials/smartcards/manage' },
      { area: 'fido', label: 'Passkeys', href: '/credentials/fido/passkeys/u1' },
      { area: 'config', label: 'Configuration', href: '/config/tenancy' },
    ]);
  });

  it('should leave out areas without a working screen, and guarded areas missing from Menu', () => {
    const permission = normalisePermissionObject({ Menu: ['identity', 'monitoring'], View: ['userView', 'audit', 'ticketView'] });
    expect(buildNavigation(permission, 'u1', screens).map((e) => e.area)).toEqual(['auth', 'fido']);
  });
});
