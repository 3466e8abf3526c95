import * as ui from './index';

describe('@tessera/ui exports', () => {
  it('should export exactly the public components and helpers', () => {
    expect(Object.keys(ui).sort()).toEqual([
      'AutocompletePicker', 'BarChart', 'FormError', 'FullPageSpinner', 'ListPage', 'MAIN_ELEMENT_ID', 'NotAvailablePage', 'PageLayout', 'PagedTable', 'RecoveryCodes', 'RouterErrorPage', 'TextField', 'areaElement', 'areaElementId',
      'createAreaApp', 'downloadTextFile', 'followLink', 'navigate', 'pageBlock', 'useLocation',
    ]);
  });
});
