import { ApiError } from '@tessera/api';
import { CliError } from './errors';
import { describeError, handleError } from './handleError';

describe('describeError', () => {
  it.each([
    [new CliError('USAGE', 'bad'), 2, 'bad'],
    [new ApiError('NOT_LOGGED_IN', 'Not signed in.', { status: 401 }), 3, 'Not signed in. Run `tessera login` or set TESSERA_API_KEY.'],
    [new ApiError('INVALID_CREDENTIALS', 'Check Username and Password', { status: 401 }), 1, 'Check Username and Password'],
    [Object.assign(new Error('User force closed the prompt'), { name: 'ExitPromptError' }), 130, 'cancelled'],
    [new Error('boom'), 1, 'boom'],
    [
      new ApiError('NETWORK', 'Could not reach the server at http://127.0.0.1:9/api/login: fetch failed', { status: 0, cause: Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }) }),
      1,
      'Could not reach the server at http://127.0.0.1:9/api/login: connection refused by 127.0.0.1:9: is the server running, and is --server right?',
    ],
    ['odd', 1, 'odd'],
  ])('should map %p to exit %i', (error, exitCode, message) => {
    expect(describeError(error)).toEqual({ exitCode, message });
  });
});

describe('handleError', () => {
  it('should print one line and exit with the code', () => {
    const stderr = jest.fn();
    const exit = jest.fn() as unknown as (code: number) => never;
    handleError(new Error('two\nlines'), { stderr, exit });
    expect(stderr).toHaveBeenCalledWith('error: two lines\n');
    expect(exit).toHaveBeenCalledWith(1);
  });
});
