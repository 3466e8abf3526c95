import { clampInteger } from './clampInteger';

describe('clampInteger', () => {
  it('should keep a value inside the range', () => {
    expect(clampInteger('5', 1, 10)).toBe(5);
    expect(clampInteger(7, 1, 10)).toBe(7);
  });
  it('should clamp to the bounds', () => {
    expect(clampInteger('0', 1, 10)).toBe(1);
    expect(clampInteger('99', 1, 10)).toBe(10);
  });
  it('should fall back to the minimum for non-digits', () => {
    expect(clampInteger('abc', 3, 10)).toBe(3);
    expect(clampInteger('', 3, 10)).toBe(3);
    expect(clampInteger('-4', 3, 10)).toBe(3);
    expect(clampInteger(2.5, 3, 10)).toBe(3);
    expect(clampInteger(-20, 3, 10)).toBe(3);
  });
});
