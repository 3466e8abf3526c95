/**
 * The smartcard applet catalogue and the applet upload (issue 16; signin §7 SmartcardApplets,
 * SmartcardApplet?applet_id, AddSmartcardApplet, PATCH/DELETE SmartcardApplet, BatchAppletUpload).
 *
 * A CAP file is parsed and checked here (@tessera/card `parseCap`: package AID, applet AIDs, version)
 * before it is kept. BatchAppletUpload drives each card presented in a reader of the caller's agent
 * (the same relay as IssueCard: the GlobalPlatform driver runs on the server, the agent relays APDUs):
 * SELECT the card manager, open an SCP03 channel with the card's keys (held sealed by the server per
 * card, by its key diversification data; a card the server does not know yet has the factory keys),
 * INSTALL [for load], LOAD, INSTALL [for install] of each applet, and GET STATUS to check. Each card is
 * audited (`smartcard-applet.upload`) in the transaction that records its keys; progress goes to the
 * session's listeners as `appletUploadProgress` events. Keys are never logged or answered.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  APPLET_MESSAGES,
  validateAppletFields,
  validateCardCount,
  type AppletSortKey,
  type AppletUploadCard,
  type AppletUploadResult,
  type SmartcardApplet,
} from '@tessera/domain';
import { CapError, DEFAULT_SCP03_KEY, GpError, GpSession, ISD_AID, STATUS_SCOPE, parseCap, type Scp03StaticKeys } from '@tessera/card';
import type { Db } from '../db/database';
import type { AuthContext } from '../platform/types';
import type { AuditEventInput, AuditWriter } from '../platform/audit';
import type { SecretBox } from '../platform/secret-box';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { isUniqueViolation } from '../platform/db-errors';
import { AgentHubError } from '../platform/agent-hub/errors';
import { RemoteCard, type CardRelay } from './remote-card';
import * as repo from './applets.repository';
import type { AppletSummaryRow } from './applets.repository';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/** What the applet service needs. */
export interface AppletsDeps {
  db: Db;
  audit: AuditWriter;
  now: () => number;
  hub: CardRelay;
  box: SecretBox;
  /** How long to wait for the next card, in ms (APPLET_LIMITS.cardWaitSeconds by default). */
  cardWaitMs: number;
  /** Pause between two looks at an empty reader, in ms. */
  pollMs?: number;
}

/** The event type of the upload's progress. */
export const APPLET_PROGRESS_EVENT = 'appletUploadProgress';

/** The secret-box context a card's GP keys are sealed under (bound to its KDD). */
export const gpKeysContext = (kdd: string) => `smartcard-gp-keys:${kdd}`;

function toApplet(row: AppletSummaryRow): SmartcardApplet {
  return {
    applet_id: row.id,
    name: row.name,
    description: row.description,
    fileName: row.file_name,
    packageAid: row.package_aid,
    appletAids: row.applet_aids,
    version: row.version,
    size: row.size,
    sha256: row.sha256,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** `GET SmartcardApplets`: one page of the tenant's catalogue, searched and sorted on the server. */
export async function listApplets(
  deps: Pick<AppletsDeps, 'db'>,
  auth: Pick<AuthContext, 'tenantId'>,
  query: { search?: string; sort?: AppletSortKey; order?: 'asc' | 'desc'; page?: number; pageSize?: number },
): Promise<{ applets: SmartcardApplet[]; total: number; page: number; pageSize: number }> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const { rows, total } = await repo.listApplets(deps.db, auth.tenantId, { ...(query.search ? { search: query.search } : {}), sort: query.sort ?? 'name', order: query.order ?? 'asc', page, pageSize });
  return { applets: rows.map(toApplet), total, page, pageSize };
}

/** `GET SmartcardApplet?applet_id`. @throws NotFoundError */
export async function getApplet(deps: Pick<AppletsDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, id: string): Promise<SmartcardApplet> {
  const row = await repo.findApplet(deps.db, auth.tenantId, id);
  if (!row) throw new NotFoundError('The applet');
  return toApplet(row);
}

function checkFields(input: { name?: string; description?: string | null }, requireName: boolean): void {
  const problem = validateAppletFields(input, requireName);
  if (problem) throw new ValidationError(problem.field, problem.message, { exact: true });
}

/**
 * `POST AddSmartcardApplet {name, description?, fileName, cap (base64)}`: parses and checks the CAP file and
 * keeps it; audited `smartcard-applet.add`. @throws ValidationError naming `cap`, `name` or `description`;
 * ConflictError when the tenant already has the package AID in that version
 */
export async function addApplet(deps: AppletsDeps, auth: AuthContext, actor: Actor, input: { name: string; description?: string | null; fileName: string; cap: string }): Promise<SmartcardApplet> {
  checkFields(input, true);
  const bytes = Buffer.from(input.cap, 'base64');
  if (bytes.length === 0) throw new ValidationError('cap', APPLET_MESSAGES.APPLET_CAP_REQUIRED, { exact: true });
  let cap;
  try {
    cap = parseCap(bytes);
  } catch (error) {
    if (error instanceof CapError) throw new ValidationError('cap', `${APPLET_MESSAGES.APPLET_CAP_INVALID}: ${error.message}`, { exact: true });
    throw error;
  }
  if (cap.appletAids.length === 0) throw new ValidationError('cap', APPLET_MESSAGES.APPLET_CAP_NO_APPLET, { exact: true });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const values = { name: input.name.trim(), description: input.description ?? null, fileName: input.fileName, packageAid: cap.packageAid, appletAids: cap.appletAids, version: cap.version, size: bytes.length, sha256, cap: bytes };
  const id = await deps.db
    .transaction()
    .execute(async (trx) => {
      const created = await repo.insertApplet(trx, auth.tenantId, values);
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard-applet.add', targetType: 'smartcard_applet', targetId: created, detail: { name: values.name, packageAid: cap.packageAid, appletAids: cap.appletAids, version: cap.version, sha256 } });
      return created;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ConflictError('cap', APPLET_MESSAGES.APPLET_PACKAGE_TAKEN);
      throw error;
    });
  return getApplet(deps, auth, id);
}

/** `PATCH SmartcardApplet {applet_id, name?, description?}`; audited `smartcard-applet.update`. @throws NotFoundError, ValidationError */
export async function updateApplet(deps: AppletsDeps, auth: AuthContext, actor: Actor, id: string, input: { name?: string; description?: string | null }): Promise<SmartcardApplet> {
  checkFields(input, false);
  const values = { ...(input.name !== undefined ? { name: input.name.trim() } : {}), ...(input.description !== undefined ? { description: input.description } : {}) };
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.updateApplet(trx, auth.tenantId, id, values, new Date(deps.now())))) throw new NotFoundError('The applet');
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard-applet.update', targetType: 'smartcard_applet', targetId: id, detail: values });
  });
  return getApplet(deps, auth, id);
}

/** `DELETE SmartcardApplet {applet_id}`; audited `smartcard-applet.delete`. @throws NotFoundError */
export async function deleteApplet(deps: AppletsDeps, auth: AuthContext, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findApplet(trx, auth.tenantId, id);
    if (!row || !(await repo.deleteApplet(trx, auth.tenantId, id))) throw new NotFoundError('The applet');
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard-applet.delete', targetType: 'smartcard_applet', targetId: id, detail: { name: row.name, packageAid: row.package_aid, version: row.version } });
  });
}

const DEFAULT_KEY_VERSION = 0x30;

function defaultKeys(): Scp03StaticKeys {
  const key = Buffer.from(DEFAULT_SCP03_KEY, 'hex');
  return { enc: key, mac: Buffer.from(key), dek: Buffer.from(key) };
}

/** The card's key set: the sealed one the server keeps for its KDD, else the factory keys. */
async function keysOf(deps: AppletsDeps, tenantId: string, kdd: string): Promise<{ keys: Scp03StaticKeys; known: boolean }> {
  const row = await repo.findGpKeys(deps.db, tenantId, kdd);
  if (!row) return { keys: defaultKeys(), known: false };
  const parsed = JSON.parse(deps.box.decrypt(row.sealed_keys, gpKeysContext(kdd))) as { enc: string; mac: string; dek: string };
  return { keys: { enc: Buffer.from(parsed.enc, 'hex'), mac: Buffer.from(parsed.mac, 'hex'), dek: Buffer.from(parsed.dek, 'hex') }, known: true };
}

/** Raised inside the key lookup when the card in the reader is one already done. */
class SameCard extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `POST /api2/{v}/BatchAppletUpload {reader, card_count, applet_id, skip_cards?}`: installs the catalogue's
 * applet on `card_count` cards presented one after another in the reader (a card already done, or listed in
 * `skip_cards`, is waited past). Answers what happened on each card; a card that fails does not stop the
 * batch. @throws NotFoundError (applet), ValidationError (card_count), AgentHubError (no agent, no reader)
 */
export async function batchAppletUpload(
  deps: AppletsDeps,
  auth: AuthContext,
  actor: Actor,
  request: { reader: string; card_count: number; applet_id: string; skip_cards?: string[] },
): Promise<AppletUploadResult> {
  const problem = validateCardCount(request.card_count);
  if (problem) throw new ValidationError(problem.field, problem.message, { exact: true });
  const applet = await repo.findAppletWithCap(deps.db, auth.tenantId, request.applet_id);
  if (!applet) throw new NotFoundError('The applet');
  const cap = parseCap(applet.cap);
  const operationId = randomUUID();
  const done = new Set((request.skip_cards ?? []).map((k) => k.toUpperCase()));
  const cards: AppletUploadCard[] = [];
  const publish = (card: number, step: string, extra: { cardId?: string; ok?: boolean; error?: string | null } = {}) =>
    deps.hub.publish(auth.session.id, { type: APPLET_PROGRESS_EVENT, readerName: request.reader, operationId, card, cardCount: request.card_count, step, ...extra });

  for (let index = 1; index <= request.card_count; index += 1) {
    publish(index, 'waiting');
    const deadline = Date.now() + deps.cardWaitMs;
    let result: AppletUploadCard | null = null;
    while (!result) {
      if (Date.now() > deadline) break;
      let card: RemoteCard;
      try {
        card = await RemoteCard.open({ hub: deps.hub, sessionId: auth.session.id, readerName: request.reader, operationId });
      } catch (error) {
        if (error instanceof AgentHubError && (error.agentCode === 'NO_CARD' || error.agentCode === 'BUSY')) {
          await sleep(deps.pollMs ?? 300);
          continue;
        }
        throw error;
      }
      try {
        result = await uploadToCard(deps, auth, card, cap, done, (step) => publish(index, step));
      } catch (error) {
        if (!(error instanceof SameCard)) throw error;
      } finally {
        await card.close();
      }
      if (!result) await sleep(deps.pollMs ?? 300);
    }
    if (!result) {
      // No (new) card in time: the batch ends here, with what was done.
      cards.push({ cardId: '', ok: false, error: `${APPLET_MESSAGES.APPLET_NO_CARD} (card ${index} of ${request.card_count})`, installed: [] });
      publish(index, 'failed', { ok: false, error: APPLET_MESSAGES.APPLET_NO_CARD });
      break;
    }
    const finished: AppletUploadCard = result;
    done.add(finished.cardId);
    cards.push(finished);
    // Read before the transaction (PGlite has one connection: a read outside the transaction would wait for it).
    const { keys, known } = finished.ok ? await keysOf(deps, auth.tenantId, finished.cardId) : { keys: defaultKeys(), known: true };
    await deps.db.transaction().execute(async (trx) => {
      if (finished.ok) {
        if (!known) {
          const sealed = deps.box.encrypt(JSON.stringify({ enc: keys.enc.toString('hex'), mac: keys.mac.toString('hex'), dek: keys.dek.toString('hex') }), gpKeysContext(finished.cardId));
          await repo.upsertGpKeys(trx, auth.tenantId, finished.cardId, DEFAULT_KEY_VERSION, sealed, new Date(deps.now()));
        }
      }
      await deps.audit.write(trx, {
        ...actor,
        tenantId: auth.tenantId,
        action: 'smartcard-applet.upload',
        targetType: 'smartcard_applet',
        targetId: applet.id,
        detail: { reader: request.reader, cardId: finished.cardId, ok: finished.ok, error: finished.error, installed: finished.installed },
      });
    });
    publish(index, finished.ok ? 'done' : 'failed', { cardId: finished.cardId, ok: finished.ok, error: finished.error });
  }
  const succeeded = cards.filter((c) => c.ok).length;
  return { applet_id: applet.id, reader: request.reader, cards, succeeded, failed: cards.length - succeeded };
}

/**
 * One card: secure channel, load, install, verify. A card failure is answered, not thrown; SameCard (thrown) means
 * "no new card here yet, look again": a card already done, or a card that went away before it was identified.
 */
async function uploadToCard(
  deps: AppletsDeps,
  auth: AuthContext,
  card: RemoteCard,
  cap: ReturnType<typeof parseCap>,
  done: Set<string>,
  step: (name: string) => void,
): Promise<AppletUploadCard> {
  const gp = new GpSession(card);
  /** Set once the card in the reader is known to be a new one (its KDD is not among those done). */
  let fresh = false;
  try {
    card.step('select');
    await gp.select(ISD_AID);
    card.step('secure-channel');
    await gp.openSecureChannel(async ({ kdd }) => {
      if (done.has(kdd)) throw new SameCard();
      fresh = true;
      step('secure-channel');
      return (await keysOf(deps, auth.tenantId, kdd)).keys;
    });
    const cardId = gp.kdd!;
    // A package already on the card (an earlier version, or a failed upload) is deleted with its applets first.
    const files = await gp.getStatus(STATUS_SCOPE.LOAD_FILES);
    if (files.some((f) => f.aid === cap.packageAid)) {
      step('delete-old');
      await gp.delete(cap.packageAid, true);
    }
    card.step('load');
    step('load');
    await gp.installForLoad(cap.packageAid, ISD_AID);
    await gp.load(cap.loadFile);
    card.step('install');
    step('install');
    for (const aid of cap.appletAids) await gp.installForInstall(cap.packageAid, aid, aid);
    card.step('verify');
    step('verify');
    const installed = (await gp.getStatus(STATUS_SCOPE.APPLICATIONS)).map((e) => e.aid);
    const missing = cap.appletAids.filter((aid) => !installed.includes(aid));
    return { cardId, ok: missing.length === 0, error: missing.length === 0 ? null : `GET STATUS does not list ${missing.join(', ')}`, installed };
  } catch (error) {
    if (error instanceof SameCard) throw error;
    // The card went away while being swapped (the previous card pulled as the reader was opened): look again.
    if (!fresh && error instanceof AgentHubError) throw new SameCard();
    // A new card pulled out half-way: that card failed, the batch goes on.
    if (error instanceof AgentHubError && gp.kdd) return { cardId: gp.kdd, ok: false, error: error.message, installed: [] };
    if (error instanceof GpError && gp.kdd) return { cardId: gp.kdd, ok: false, error: error.message, installed: [] };
    if (error instanceof GpError) return { cardId: `unknown-${randomUUID()}`, ok: false, error: error.message, installed: [] };
    throw error;
  }
}
