import { signedOutTarget } from './signedOutTarget';

describe('signedOutTarget', () => {
  it('should send a session route back to sign-in with the path to return to', () => {
    expect(signedOutTarget('/monitor/api-Rates')).toBe('/login?redirect=%2Fmonitor%2Fapi-Rates');
    expect(signedOutTarget('/about')).toBeNull();
    expect(signedOutTarget('/auditing/dashboard?x=1')).toBe('/login?redirect=%2Fauditing%2Fdashboard%3Fx%3D1');
  });

  it('should leave a public route and the sign-in exceptions alone', () => {
    expect(signedOutTarget('/login')).toBeNull();
    expect(signedOutTarget('/forgotpassword')).toBeNull();
    expect(signedOutTarget('/register')).toBeNull();
  });
});
