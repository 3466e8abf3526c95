import { isValidBannerColour, tenancyConfigChanges, type TenancyConfig } from './tenancyConfig';

const current: TenancyConfig = {
  name: 'Acme',
  supportEmail: 'help@acme.test',
  bannerColour: null,
  toastrTimeout: null,
  disclaimer: null,
  timeZone: 'UTC',
  mfaRequired: false,
  selfRegistration: false,
};

describe('tenancy configuration', () => {
  it.each(['#00aa11', '#ABCDEF'])('should accept the banner colour %s', (value) => {
    expect(isValidBannerColour(value)).toBe(true);
  });
  it.each(['red', '#abc', '#abcdeg', '#aabbcc ', ''])('should reject the banner colour %j', (value) => {
    expect(isValidBannerColour(value)).toBe(false);
  });
  it('should list only the changed fields', () => {
    expect(tenancyConfigChanges(current, { ...current, bannerColour: '#112233', toastrTimeout: 5000 })).toEqual({ bannerColour: '#112233', toastrTimeout: 5000 });
    expect(tenancyConfigChanges(current, current)).toEqual({});
  });
});
