import { normalisePermissionObject } from '../../identity/permissions';
import { BUILT_AREAS, matchRoute } from '../routes';
import { CONSOLE_SCREENS, areaOfPath, screensForViewer } from './consoleScreens';

describe('CONSOLE_SCREENS', () => {
  it('should name only routes of the route table in built areas', () => {
    for (const screen of CONSOLE_SCREENS) {
      const route = matchRoute(screen.path.replace(':userID', 'u1'))?.route;
      expect(route?.area).toBe(screen.area);
      expect(BUILT_AREAS).toContain(screen.area);
    }
  });
});

describe('screensForViewer', () => {
  it('should offer a viewer without permissions only their own passkeys page and the unguarded rate monitor', () => {
    const screens = screensForViewer(normalisePermissionObject({}), 'u 1');
    expect(screens.map((s) => s.href)).toEqual(['/credentials/fido/passkeys/u%201', '/monitor/api-Rates']);
  });

  it('should offer a guarded screen when its permission is in View and its area in Menu', () => {
    const permission = normalisePermissionObject({ Menu: ['tickets', 'config'], View: ['ticketView', 'tenancyConfig', 'smartcardTemporary'] });
    expect(screensForViewer(permission, 'u1').map((s) => s.label)).toEqual(['Passkeys', 'Search tickets', 'My tickets', 'Tenancy configuration', 'API rate limits']);
  });
});

describe('areaOfPath', () => {
  it('should give the area of a route, so Card readers and Passkeys are not Certificates', () => {
    expect(areaOfPath('/credentials/smartcards/cms')).toBe('smartcards');
    expect(areaOfPath('/credentials/fido/passkeys/u1')).toBe('fido');
    expect(areaOfPath('/credentials/certificates/approvals')).toBe('certificates');
    expect(areaOfPath('/nowhere')).toBeNull();
  });
});
