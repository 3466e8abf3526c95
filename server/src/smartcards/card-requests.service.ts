/**
 * The operators' list of smartcard requests (issue 15; `/credentials/smartcards/request` [smartcardRequest];
 * domain `cardRequests.ts`): the tenant's requests, open ones first by default, searched by username and paged on the
 * server; an open request is closed as done or rejected, audited `smartcard.request.close` in the same transaction.
 */
import { CARD_REQUEST_MESSAGES, cardRequestDetails, type CardRequestEntry, type CardRequestStatus, type ListCardRequestsQuery, type ListCardRequestsResponse } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import type { Actor } from '../identity/users.service';
import { ConflictError, NotFoundError } from '../platform/errors';
import { likePattern } from '../platform/like-pattern';

/** What the service needs. */
export interface CardRequestsDeps {
  db: Db;
  audit: AuditWriter;
  now: () => number;
}

/** Requests of the caller's tenant (PENDING unless asked otherwise), newest first, `take` (default 10) from `skip`. */
export async function listCardRequests(deps: CardRequestsDeps, auth: Pick<AuthContext, 'tenantId'>, query: ListCardRequestsQuery): Promise<ListCardRequestsResponse> {
  let q = deps.db
    .selectFrom('smartcard_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as by', 'by.id', 'r.requested_by')
    .where('r.tenant_id', '=', auth.tenantId)
    .where('r.status', '=', query.status ?? 'PENDING');
  if (query.search) q = q.where('u.username', 'ilike', likePattern(query.search));
  const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  const rows = await q
    .select(['r.id', 'r.user_id', 'u.username', 'r.status', 'r.options', 'by.username as requested_by', 'r.created_at'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(query.take ?? 10)
    .offset(query.skip ?? 0)
    .execute();
  return {
    totalResults: Number(total?.n ?? 0),
    results: rows.map(
      (r): CardRequestEntry => ({
        id: r.id,
        userId: r.user_id,
        username: r.username,
        status: r.status as CardRequestStatus,
        ...cardRequestDetails(r.options),
        requestedBy: r.requested_by ?? null,
        createdAt: r.created_at.toISOString(),
      }),
    ),
  };
}

/** Closes an open request as DONE or REJECTED. @throws NotFoundError (another tenant's too), ConflictError (not open) */
export async function closeCardRequest(deps: CardRequestsDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, id: string, status: 'DONE' | 'REJECTED'): Promise<{ id: string; status: CardRequestStatus }> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('smartcard_requests').select(['id', 'user_id', 'status']).where('tenant_id', '=', auth.tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new NotFoundError('The smartcard request');
    if (row.status !== 'PENDING') throw new ConflictError('id', CARD_REQUEST_MESSAGES.NOT_OPEN);
    await trx.updateTable('smartcard_requests').set({ status }).where('id', '=', id).execute();
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.request.close', targetType: 'smartcardRequest', targetId: id, detail: { userId: row.user_id, status } });
    return { id, status };
  });
}
