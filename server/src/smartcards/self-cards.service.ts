/**
 * Self-service smartcards (issue 15; admin-console §2.2 `/self/portal/`, `/self/requestSmartcard/{id}`): the
 * signed-in user's own cards, the card templates they may ask for, and their own card request, which lands in
 * `smartcard_requests` beside the operators' requests (POST /api/dps/smartcard-request).
 */
import { X509Certificate } from 'node:crypto';
import { SELF_CARD_MESSAGES, type SelfCardRequest, type SelfCardTemplate, type SelfSmartcard } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import type { Actor } from '../identity/users.service';
import { ConflictError, ForbiddenError, ValidationError } from '../platform/errors';
import { listCards } from './cards.service';
import { findCardTemplate, listCardTemplates } from './card-templates.repository';
import * as passesRepo from './temporary-passes.repository';

export interface SelfCardsDeps {
  db: Db;
  audit: AuditWriter;
  now: () => number;
}

/** A certificate's subject as node:crypto reads it ('' when the PEM does not parse). */
function subjectOf(pem: string): string {
  try {
    return new X509Certificate(pem).subject.split('\n').join(', ');
  } catch {
    return '';
  }
}

/** The viewer's own cards only (the user id comes from the session, never from the request), with subjects and template names. */
export async function myCards(deps: Pick<SelfCardsDeps, 'db'>, auth: Pick<AuthContext, 'tenantId' | 'userId'>): Promise<SelfSmartcard[]> {
  const cards = await listCards(deps, auth, auth.userId);
  const names = new Map((await listCardTemplates(deps.db, auth.tenantId)).map((t) => [t.id, t.name]));
  return cards.map((card) => ({
    ...card,
    cardTemplateName: card.cardTemplateId ? (names.get(card.cardTemplateId) ?? null) : null,
    certificates: card.certificates.map((c) => ({ ...c, subject: subjectOf(c.pem) })),
  }));
}

/** The card templates of the viewer's tenant, by name (id and name only). */
export async function requestableTemplates(deps: Pick<SelfCardsDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>): Promise<SelfCardTemplate[]> {
  const rows = await listCardTemplates(deps.db, auth.tenantId);
  return rows.map((r) => ({ id: r.id, name: r.name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * `/self/requestSmartcard/{id}`: `{id}` is the user's own id, checked against the session (403 otherwise);
 * the template must be one of the tenant's (400 `cardTemplateId`); one open request per user (409 `userId`).
 * Audited as `smartcard.request` with `self: true` in the same transaction.
 */
export async function requestOwnCard(deps: SelfCardsDeps, auth: AuthContext, actor: Actor, userId: string, body: SelfCardRequest): Promise<{ requestId: string }> {
  if (userId !== auth.userId) throw new ForbiddenError(SELF_CARD_MESSAGES.ONLY_YOURSELF);
  const template = await findCardTemplate(deps.db, auth.tenantId, body.cardTemplateId);
  if (!template) throw new ValidationError('cardTemplateId', 'is not a card template of this tenant');
  const reason = body.reason.trim();
  if (!reason) throw new ValidationError('reason', 'is required');
  return deps.db.transaction().execute(async (trx) => {
    const pending = await passesRepo.pendingRequestUsers(trx, auth.tenantId, [userId]);
    if (pending.size > 0) throw new ConflictError('userId', SELF_CARD_MESSAGES.REQUEST_PENDING);
    const options = { comment: reason, cardTemplateId: template.id, cardTemplateName: template.name, self: true };
    const [requestId] = await passesRepo.insertSmartcardRequests(trx, auth.tenantId, [userId], options, userId, new Date(deps.now()));
    await deps.audit.write(trx, {
      ...actor,
      tenantId: auth.tenantId,
      action: 'smartcard.request',
      targetType: 'smartcardRequest',
      targetId: requestId,
      detail: { requested: 1, self: true, cardTemplateId: template.id },
    });
    return { requestId: requestId as string };
  });
}
