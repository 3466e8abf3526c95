/**
 * How people see a temporary pass, in the console and the CLI alike (issue 18): the type as "User" or
 * "Guest" (not the API's `positive`), and times in the tenant's time zone.
 */
import type { PassType } from './temporaryPasses';

/** The words for a pass type. */
export const PASS_TYPE_LABELS: Readonly<Record<PassType, string>> = Object.freeze({ positive: 'User', guest: 'Guest' });

/**
 * `iso` as `YYYY-MM-DD HH:mm` in `timeZone` (an IANA name), or '–' for null. An unknown zone falls
 * back to UTC, shown with its name.
 */
export function formatPassTime(iso: string | null, timeZone: string): string {
  if (!iso) return '–';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const format = (zone: string) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        .formatToParts(at)
        .map((part) => [part.type, part.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  };
  try {
    return format(timeZone);
  } catch {
    return `${format('UTC')} UTC`;
  }
}
