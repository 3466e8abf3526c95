import { MAX_FILE_SIZE_BYTES } from '../constants';
import { validateFileSize } from './validateFileSize';

describe('validateFileSize', () => {
  it('should accept a file of exactly 10 MB', () => {
    expect(MAX_FILE_SIZE_BYTES).toBe(10 * 1024 * 1024);
    expect(validateFileSize(MAX_FILE_SIZE_BYTES)).toBeNull();
  });
  it('should reject a file larger than 10 MB', () => {
    expect(validateFileSize(MAX_FILE_SIZE_BYTES + 1)).toBe('The file is larger than 10 MB.');
  });
});
