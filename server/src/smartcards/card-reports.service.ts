/**
 * The suspensions list and the card report (issue 15; admin-console §2.2 Smartcards "suspensions and reports"
 * [smartcardSuspendedReport]): read-only views of the tenant's cards, paged/sorted/searched and computed on the server.
 */
import { CARD_REPORT_EXPIRY_WINDOWS, CARD_REPORT_WEEKS, countPerWeek, weekStartOf, type CardReport, type ExpiringCard, type SuspendedCard, type SuspensionListQuery } from '@tessera/domain';
import type { AuthContext } from '../platform/types';
import type { DbOrTrx } from '../db/database';
import * as repo from './card-reports.repository';

const DAY_MS = 86_400_000;

/** `GET /api2/CMS-v2/SuspendedCards`: one page of the tenant's suspended cards. */
export async function pageSuspended(deps: { db: DbOrTrx }, auth: Pick<AuthContext, 'tenantId'>, query: SuspensionListQuery): Promise<{ cards: SuspendedCard[]; total: number; page: number; pageSize: number }> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const { rows, total } = await repo.pageSuspended(deps.db, auth.tenantId, {
    ...(query.search ? { search: query.search } : {}),
    sort: query.sort ?? 'suspendedAt',
    order: query.order ?? (query.sort ? 'asc' : 'desc'),
    page,
    pageSize,
  });
  return {
    cards: rows.map((r) => ({
      cardId: r.id,
      serialNumber: r.serial_number,
      userId: r.user_id,
      username: r.username,
      cardTemplateId: r.card_template_id,
      template: r.template,
      suspendedAt: r.suspended_at ? new Date(r.suspended_at).toISOString() : null,
      suspendedBy: r.suspended_by,
      reason: r.suspension_reason,
      suspendedFrom: r.suspended_from,
    })),
    total,
    page,
    pageSize,
  };
}

/** `GET /api2/CMS-v2/CardReport`: the tenant's cards by status and template, issued per week, expiring within 30/60/90 days. */
export async function cardReport(deps: { db: DbOrTrx; now: () => number }, auth: Pick<AuthContext, 'tenantId'>): Promise<CardReport> {
  const now = new Date(deps.now());
  const since = new Date(weekStartOf(now).getTime() - (CARD_REPORT_WEEKS - 1) * 7 * DAY_MS);
  const [byStatus, byTemplate, issued, withCerts] = await Promise.all([
    repo.countByStatus(deps.db, auth.tenantId),
    repo.countByTemplate(deps.db, auth.tenantId),
    repo.issuedSince(deps.db, auth.tenantId, since),
    repo.cardsWithCertificates(deps.db, auth.tenantId),
  ]);
  const horizon = Math.max(...CARD_REPORT_EXPIRY_WINDOWS);
  const expiring: ExpiringCard[] = [];
  for (const card of withCerts) {
    const ends = (card.certificates ?? []).map((c) => Date.parse(c.notAfter)).filter((t) => Number.isFinite(t));
    if (ends.length === 0) continue;
    const first = Math.min(...ends);
    const daysLeft = Math.ceil((first - now.getTime()) / DAY_MS);
    if (first < now.getTime() || daysLeft > horizon) continue;
    expiring.push({ cardId: card.id, serialNumber: card.serial_number, username: card.username, template: card.template, status: card.status, expiresAt: new Date(first).toISOString(), daysLeft });
  }
  expiring.sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.serialNumber.localeCompare(b.serialNumber));
  return {
    total: byStatus.reduce((sum, r) => sum + Number(r.n), 0),
    byStatus: byStatus.map((r) => ({ status: r.status, count: Number(r.n) })),
    byTemplate: byTemplate.map((r) => ({ cardTemplateId: r.card_template_id, template: r.name, count: Number(r.n) })),
    issuedPerWeek: countPerWeek(issued.map((r) => new Date(r.created_at)), now),
    expiringCounts: CARD_REPORT_EXPIRY_WINDOWS.map((days) => ({ days, count: expiring.filter((c) => c.daysLeft <= days).length })),
    expiring,
    generatedAt: now.toISOString(),
  };
}
