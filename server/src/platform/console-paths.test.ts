/** isApiPath reads the first segment without splitting the path: it must answer as the split-based rule did. */
import { isApiPath } from './console-paths';

/** The rule as written before (session 9): `pathname.split('/')[1]`. */
function splitRule(pathname: string): boolean {
  const first = pathname.split('/')[1] ?? '';
  if (['api', 'api2', 'user', 'ad', 'workflowItems', 'transaction-history', 'documentation'].includes(first)) return true;
  if (first.startsWith('certificate-request-status')) return true;
  return pathname === '/smartcards/users' || pathname.startsWith('/smartcards/users/');
}

const PATHS = [
  '/api2/Authentication-v1/check-session',
  '/api2',
  '/api2/',
  '/api/login',
  '/user/getFavourites',
  '/ad/list/users',
  '/workflowItems',
  '/documentation/files',
  '/certificate-request-status',
  '/certificate-request-status/7',
  '/smartcards/users',
  '/smartcards/users/42',
  '/smartcards/usersx',
  '/pki/crl/1',
  '/',
  '',
  '/index.html',
  '/credentials/smartcards',
  'api2',
  'x/api2/y',
  '//api2',
  '///',
  '/apix/y',
];

describe('isApiPath', () => {
  it.each(PATHS)('should answer for %j as the split-based rule', (path) => {
    expect(isApiPath(path)).toBe(splitRule(path));
  });

  it('should tell API paths from console paths', () => {
    expect(isApiPath('/api2/Authentication-v1/check-session')).toBe(true);
    expect(isApiPath('/smartcards/users/42')).toBe(true);
    expect(isApiPath('/credentials/smartcards')).toBe(false);
    expect(isApiPath('x/api2/y')).toBe(true);
    expect(isApiPath('/apix/y')).toBe(false);
  });
});
