import * as store from './index';

describe('@tessera/store exports', () => {
  it('should export exactly the public runtime names', () => {
    expect(Object.keys(store).sort()).toEqual(
      ['_pageStoreInternals', 'configureStoreDependencies', 'createTesseraStore', 'getStore', 'injectEpic', 'injectSlice', 'resetAll', 'sliceInjected'].sort(),
    );
  });
});
