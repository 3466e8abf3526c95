/**
 * The suspensions list and the card report (issue 15; admin-console §2.2 Smartcards "suspensions and reports"
 * [smartcardSuspendedReport]): one home for the sort keys, limits and shapes the server and the console share.
 */

/** Sort keys of `GET /api2/CMS-v2/SuspendedCards` (designed). */
export const SUSPENSION_SORT_KEYS = ['suspendedAt', 'serialNumber', 'username', 'template', 'suspendedBy'] as const;
/** A sort key of the suspensions list. */
export type SuspensionSortKey = (typeof SUSPENSION_SORT_KEYS)[number];
/** Largest page of the suspensions list (designed). */
export const SUSPENSION_LIST_PAGE_SIZE_MAX = 100;

/** One suspended card of the tenant, as the suspensions list shows it. */
export interface SuspendedCard {
  cardId: string;
  serialNumber: string;
  userId: string | null;
  username: string | null;
  cardTemplateId: string | null;
  template: string | null;
  suspendedAt: string | null;
  suspendedBy: string | null;
  reason: string | null;
  /** The status ResumeCard puts the card back to. */
  suspendedFrom: string | null;
}

/** `GET SuspendedCards`: one page, searched (serial, username, template, reason, suspended by) and sorted on the server. */
export interface SuspensionListQuery {
  search?: string;
  sort?: SuspensionSortKey;
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

/** The windows (days ahead) of the report's "expiring" list (designed: 30/60/90). */
export const CARD_REPORT_EXPIRY_WINDOWS = [30, 60, 90] as const;
/** How many weeks back the report's "issued per week" goes (designed). */
export const CARD_REPORT_WEEKS = 12;

/** A card whose first certificate expires within the largest window. */
export interface ExpiringCard {
  cardId: string;
  serialNumber: string;
  username: string | null;
  template: string | null;
  status: string;
  /** The earliest notAfter of the card's certificates. */
  expiresAt: string;
  daysLeft: number;
}

/** `GET /api2/CMS-v2/CardReport`: the tenant's cards counted and the cards about to expire, computed on the server. */
export interface CardReport {
  total: number;
  byStatus: { status: string; count: number }[];
  byTemplate: { cardTemplateId: string | null; template: string | null; count: number }[];
  /** Oldest week first; `weekStart` is the Monday (UTC) the week starts on, YYYY-MM-DD. */
  issuedPerWeek: { weekStart: string; count: number }[];
  /** How many cards expire within each window. */
  expiringCounts: { days: number; count: number }[];
  expiring: ExpiringCard[];
  generatedAt: string;
}

const DAY_MS = 86_400_000;

/** The Monday 00:00 UTC of the week `at` falls in. */
export function weekStartOf(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** Buckets dates into the last `weeks` weeks (oldest first, the current week last); dates outside are left out. */
export function countPerWeek(dates: readonly Date[], now: Date, weeks: number = CARD_REPORT_WEEKS): { weekStart: string; count: number }[] {
  const current = weekStartOf(now).getTime();
  const buckets = Array.from({ length: weeks }, (_, i) => ({ start: current - (weeks - 1 - i) * 7 * DAY_MS, count: 0 }));
  for (const d of dates) {
    const w = weekStartOf(d).getTime();
    const bucket = buckets.find((b) => b.start === w);
    if (bucket) bucket.count += 1;
  }
  return buckets.map((b) => ({ weekStart: new Date(b.start).toISOString().slice(0, 10), count: b.count }));
}

/** The expiring list as CSV (RFC 4180 quoting), the columns the report page shows. */
export function expiringCardsCsv(cards: readonly ExpiringCard[]): string {
  const q = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [['serial', 'user', 'template', 'status', 'expires', 'days left'].join(',')];
  for (const c of cards) lines.push([c.serialNumber, c.username, c.template, c.status, c.expiresAt, c.daysLeft].map(q).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
