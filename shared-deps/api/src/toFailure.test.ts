import { ApiError } from './ApiError';
import { toFailure } from './toFailure';

describe('toFailure', () => {
  it('should keep the code, message and field of an ApiError', () => {
    expect(toFailure(new ApiError('VALIDATION', 'must not be empty', { status: 400, field: 'title' }))).toEqual({ code: 'VALIDATION', message: 'must not be empty', field: 'title' });
  });

  it('should make INTERNAL of an error without a code, and of a thrown string', () => {
    expect(toFailure(new Error('boom'))).toEqual({ code: 'INTERNAL', message: 'boom' });
    expect(toFailure('plain')).toEqual({ code: 'INTERNAL', message: 'plain' });
  });
});
