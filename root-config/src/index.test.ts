import * as rootConfig from './index';

describe('@tessera/root-config public surface', () => {
  it('should export exactly its pure rules', () => {
    expect(Object.keys(rootConfig).sort()).toEqual(
      [
        'AppLoadError',
        'CHUNK_RELOAD_FLAG',
        'DEFAULT_CHUNKS_FAILED_MESSAGE',
        'clearLocalStorage',
        'createAppLoader',
        'globalErrorAction',
        'guardRoute',
        'isReportableError',
        'isReportedLoadError',
        'safeRedirectTarget',
        'splitPath',
      ].sort(),
    );
  });
});
