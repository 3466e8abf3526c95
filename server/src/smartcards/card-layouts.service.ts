/**
 * Card layouts (issue 16; signin §3 "Card layout images", "User data for card preview"; §7 CardLayoutCompressed,
 * CardLayoutCompressedUserData and its Stream): the layout of a card template (read, saved with an audit event in
 * its transaction), and the card images of a layout with a user's data. The images are PNG (the spec's
 * `frontCompressed`/`backCompressed` form, base64), the same bytes the console previews and the printers print.
 */
import { EMPTY_CARD_LAYOUT, validateCardLayout, validateCardUserData, type CardLayout, type CardUserData } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuthContext } from '../platform/types';
import type { AuditEventInput, AuditWriter } from '../platform/audit';
import type { SessionStore } from '../platform/session-store';
import { NotFoundError, ValidationError } from '../platform/errors';
import { getUser } from '../identity/users.service';
import { getUserPhoto } from '../identity/user-photos.service';
import * as repo from './card-layouts.repository';
import { renderCardPdf, renderCardPng } from './card-layouts.render';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/** What the layout service needs. */
export interface CardLayoutsDeps {
  db: Db;
  audit: AuditWriter;
  sessions: SessionStore;
  now: () => number;
}

/** The card images as the API answers them: PNG, base64 (signin §3 "frontCompressed and backCompressed"). */
export interface CompressedCardImages {
  frontCompressed: string;
  backCompressed: string;
}

/** A card rendered for printing: both PNG sides and the PDF. */
export interface PrintableCard {
  front: Buffer;
  back: Buffer;
  pdf: Buffer;
  user: CardUserData;
}

/** Checks a layout. @throws ValidationError naming the field */
export function checkLayout(input: unknown, prefix = 'layout.'): CardLayout {
  const check = validateCardLayout(input);
  if (!check.ok) throw new ValidationError(`${prefix}${check.problem.field}`, check.problem.message);
  return check.value;
}

/** The layout of one of the tenant's card templates (a blank card when it has none). @throws NotFoundError */
export async function getCardLayout(deps: Pick<CardLayoutsDeps, 'db'>, auth: AuthContext, templateId: string): Promise<{ cardTemplateId: string; layout: CardLayout }> {
  const row = await repo.findLayout(deps.db, auth.tenantId, templateId);
  if (!row) throw new NotFoundError('The card template');
  const stored = row.layout === null ? null : validateCardLayout(row.layout);
  return { cardTemplateId: templateId, layout: stored?.ok ? stored.value : EMPTY_CARD_LAYOUT };
}

/** Saves a template's layout; audited `card-template.layout` in the same transaction. @throws ValidationError, NotFoundError */
export async function setCardLayout(deps: CardLayoutsDeps, auth: AuthContext, actor: Actor, templateId: string, input: unknown): Promise<{ cardTemplateId: string; layout: CardLayout }> {
  const layout = checkLayout(input);
  await deps.db.transaction().execute(async (trx) => {
    const updated = await repo.updateLayout(trx, auth.tenantId, templateId, layout, new Date(deps.now()));
    if (!updated) throw new NotFoundError('The card template');
    const counts = { front: layout.front.elements.length, back: layout.back.elements.length };
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'card-template.layout', targetType: 'card-template', targetId: templateId, detail: { elements: counts } });
  });
  return { cardTemplateId: templateId, layout };
}

/** A user's data for the card: their fields, extensions from the card record, and their photo when they have one. */
export async function userDataOf(deps: CardLayoutsDeps, auth: AuthContext, userId: string, extensions: Record<string, string> = {}): Promise<CardUserData> {
  const user = await getUser(deps, auth, userId);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  let photo: string | null = null;
  if (user.hasPhoto) photo = (await getUserPhoto(deps, auth, userId, true).catch(() => null))?.image ?? null;
  return {
    emailAddress: user.emailAddress,
    userName: user.username,
    givenName: user.givenName,
    familyName: user.familyName,
    title: text(user.categories.personal?.title),
    orgOid: text(user.categories.organisationDetails?.orgOid) || text(user.organisationName),
    extensions,
    photo,
  };
}

const compressed = (png: { front: Buffer; back: Buffer }): CompressedCardImages => ({ frontCompressed: png.front.toString('base64'), backCompressed: png.back.toString('base64') });

/**
 * CardLayoutCompressedUserData: a template's layout (or, for the editor's live preview, a layout not yet saved)
 * rendered with the user data of the body. @throws ValidationError naming the field, NotFoundError
 */
export async function renderUserData(deps: CardLayoutsDeps, auth: AuthContext, body: { userData: unknown; templateId: string; layout?: unknown }): Promise<CompressedCardImages> {
  const data = validateCardUserData(body.userData);
  if (!data.ok) throw new ValidationError(data.problem.field, data.problem.message);
  const layout = body.layout === undefined ? (await getCardLayout(deps, auth, body.templateId)).layout : checkLayout(body.layout);
  if (body.layout !== undefined && !(await repo.findLayout(deps.db, auth.tenantId, body.templateId))) throw new NotFoundError('The card template');
  return compressed(renderCardPng(layout, data.value));
}

/** The card of a user with a template: the user's data, the template's layout, the PNG sides and the PDF. */
export async function printableCard(deps: CardLayoutsDeps, auth: AuthContext, target: { userId: string; templateId: string }): Promise<PrintableCard> {
  const { layout } = await getCardLayout(deps, auth, target.templateId);
  const user = await userDataOf(deps, auth, target.userId);
  const png = renderCardPng(layout, user);
  return { ...png, pdf: await renderCardPdf(layout, user, png), user };
}

/** A card rendered for printing from given data (a temporary pass has no user). @throws NotFoundError */
export async function printableCardOfData(deps: Pick<CardLayoutsDeps, 'db'>, auth: AuthContext, templateId: string, user: CardUserData): Promise<PrintableCard> {
  const { layout } = await getCardLayout(deps, auth, templateId);
  const png = renderCardPng(layout, user);
  return { ...png, pdf: await renderCardPdf(layout, user, png), user };
}

/**
 * CardLayoutCompressed: by `cardSerial` (the card's user and template) or by `userId` and `templateId`.
 * @throws ValidationError when neither is given, NotFoundError
 */
export async function renderForUser(deps: CardLayoutsDeps, auth: AuthContext, query: { cardSerial?: string; userId?: string; templateId?: string }): Promise<CompressedCardImages> {
  let target: { userId: string; templateId: string };
  if (query.cardSerial) {
    const card = await repo.findCardBySerial(deps.db, auth.tenantId, query.cardSerial);
    if (!card) throw new NotFoundError('The card');
    if (!card.user_id || !card.card_template_id) throw new ValidationError('cardSerial', 'must be a card assigned to a user with a card template');
    target = { userId: card.user_id, templateId: card.card_template_id };
  } else if (query.userId && query.templateId) {
    target = { userId: query.userId, templateId: query.templateId };
  } else {
    throw new ValidationError('cardSerial', 'or userId and templateId are required');
  }
  const { layout } = await getCardLayout(deps, auth, target.templateId);
  return compressed(renderCardPng(layout, await userDataOf(deps, auth, target.userId)));
}
