import * as ui from './index';

describe('@tessera/ui exports', () => {
  it('should export exactly the public components and helpers', () => {
    expect(Object.keys(ui).sort()).toEqual(['FormError', 'FullPageSpinner', 'PageLayout', 'PagedTable', 'RouterErrorPage', 'TextField', 'pageBlock', 'useLocation']);
  });
});
