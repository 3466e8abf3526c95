/** Integer clamp (admin-console §5): an integer within min and max, the minimum for non-digits. */

/**
 * `value` as an integer within `[min, max]`. A value whose text is not digits only (a sign, a
 * fraction, an exponent, letters, empty) gives `min` (admin-console §5 "falling back to the minimum
 * for non-digits").
 */
export function clampInteger(value: string | number, min: number, max: number): number {
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return min;
  return Math.min(max, Math.max(min, Number(text)));
}
