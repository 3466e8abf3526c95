/** Validity periods of templates (admin-console §3 validityPeriod, validityPeriodUnits; §4 units). */
import type { ValidityUnit } from './constants';

/**
 * The end of a validity period starting at `from`: HOURS and DAYS add exact durations; MONTHS and YEARS
 * add calendar months in UTC, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb).
 */
export function addValidity(from: Date, period: number, unit: ValidityUnit): Date {
  if (unit === 'HOURS') return new Date(from.getTime() + period * 3_600_000);
  if (unit === 'DAYS') return new Date(from.getTime() + period * 86_400_000);
  const months = unit === 'YEARS' ? period * 12 : period;
  const target = new Date(from.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}
