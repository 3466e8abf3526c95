/**
 * Virtual smart cards (issue 15; signin §7 POST IssueVSC; domain `vsc.ts`). The caller's agent creates a
 * factory-fresh software PIV card in a reader of its own (CreateVirtualCard: kept encrypted in the agent's data
 * directory), then the server issues it exactly as a card in a reader (IssueCard: its own management key and the
 * PUK sealed on the server, keys generated on the card, certificates from the PKI), and records it as a `VSC`.
 * Audited `smartcard.issue-vsc` in the transaction that marks the record.
 */
import { randomUUID } from 'node:crypto';
import { validatePin, VSC_CARD_TYPE, type IssueVscRequest, type Smartcard } from '@tessera/domain';
import type { AuditEventInput } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import { ValidationError } from '../platform/errors';
import { users } from '../identity/accounts.service';
import { pinRequirementsOfTemplate } from './card-templates.service';
import { assertSecretQuestionsReady } from './secret-questions.service';
import * as templatesRepo from './card-templates.repository';
import * as repo from './cards.repository';
import { issueCard, toSmartcard, type CardsDeps } from './cards.service';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/**
 * `POST /api2/CMS-v2/IssueVSC {user_id, card_template_id, pin}`: a new VSC on the caller's agent, issued to the
 * user with the card template. The request is checked before the agent makes a card (the field named); the
 * issue's progress goes out under the operation id like IssueCard's.
 * @throws ValidationError, the relay's errors (no agent; NOT_SUPPORTED: the agent holds no VSCs), IssueCard's errors
 */
export async function issueVsc(deps: CardsDeps, auth: AuthContext, actor: Actor, request: IssueVscRequest, options: { operationId?: string } = {}): Promise<Smartcard> {
  const template = await templatesRepo.findCardTemplate(deps.db, auth.tenantId, request.card_template_id);
  if (!template) throw new ValidationError('card_template_id', 'is not a card template of this tenant');
  if (!(await users.findById(deps.db, auth.tenantId, request.user_id))) throw new ValidationError('user_id', 'is not a user of this tenant');
  await assertSecretQuestionsReady(deps.db, auth.tenantId, request.user_id);
  const pinProblem = validatePin(request.pin, await pinRequirementsOfTemplate(deps.db, auth.tenantId, template.id));
  if (pinProblem) throw new ValidationError('pin', pinProblem, { exact: true });

  const operationId = options.operationId ?? randomUUID();
  const { readerName, serial } = await deps.hub.call(auth.session.id, 'CreateVirtualCard', { operationId });
  const issued = await issueCard(deps, auth, actor, { card_id: { readerName }, user_id: request.user_id, card_template_id: request.card_template_id, pin: request.pin }, { operationId });
  return deps.db.transaction().execute(async (trx) => {
    const row = (await repo.findCard(trx, auth.tenantId, issued.cardId))!;
    await repo.updateCard(trx, auth.tenantId, row.id, { card_type: VSC_CARD_TYPE, extensions: JSON.stringify({ ...row.extensions, vsc: true, vsc_reader: readerName }) }, new Date(deps.now()));
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.issue-vsc', targetType: 'smartcard', targetId: row.id, detail: { serialNumber: serial, readerName, userId: request.user_id, cardTemplateId: request.card_template_id } });
    return toSmartcard((await repo.findCard(trx, auth.tenantId, row.id))!);
  });
}

