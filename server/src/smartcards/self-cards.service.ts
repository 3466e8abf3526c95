/**
 * Self-service smartcards (issue 15; admin-console §2.2 `/self/portal/`, `/self/requestSmartcard/{id}`): the
 * signed-in user's own cards, the card templates they may ask for, and their own card request, which lands in
 * `smartcard_requests` beside the operators' requests (POST /api/dps/smartcard-request).
 */
import { X509Certificate } from 'node:crypto';
import { SELF_CARD_MESSAGES, validateCardLayout, type SelfCardPicture, type SelfCardRequest, type SelfCardTemplate, type SelfSmartcard } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import type { Actor } from '../identity/users.service';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../platform/errors';
import type { SessionStore } from '../platform/session-store';
import { getCard, listCards } from './cards.service';
import { renderForUser } from './card-layouts.service';
import { findCardTemplate, listCardTemplates } from './card-templates.repository';
import * as passesRepo from './temporary-passes.repository';

export interface SelfCardsDeps {
  db: Db;
  audit: AuditWriter;
  sessions: SessionStore;
  now: () => number;
}

/** True when a template's stored layout is a card layout (a template without one renders a blank card). */
const hasCardLayout = (layout: unknown): boolean => layout !== null && layout !== undefined && validateCardLayout(layout).ok;

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
  const templates = new Map((await listCardTemplates(deps.db, auth.tenantId)).map((t) => [t.id, t]));
  return cards.map((card) => ({
    ...card,
    cardTemplateName: card.cardTemplateId ? (templates.get(card.cardTemplateId)?.name ?? null) : null,
    hasLayout: card.cardTemplateId ? hasCardLayout(templates.get(card.cardTemplateId)?.layout) : false,
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

/**
 * `/self/portal/` card picture: the viewer's own card (403 for anyone else's, 404 for a card of another tenant or
 * none) rendered through the card-layout renderer with the viewer's own data; 404 when its template has no layout.
 */
export async function myCardPicture(deps: SelfCardsDeps, auth: AuthContext, cardId: string): Promise<SelfCardPicture> {
  const card = await getCard(deps, auth, cardId);
  if (card.userId !== auth.userId) throw new ForbiddenError(SELF_CARD_MESSAGES.NOT_YOUR_CARD_PICTURE);
  const template = card.cardTemplateId ? await findCardTemplate(deps.db, auth.tenantId, card.cardTemplateId) : undefined;
  if (!template || !hasCardLayout(template.layout)) throw new NotFoundError('The card layout');
  return renderForUser(deps, auth, { userId: auth.userId, templateId: template.id });
}
