/**
 * What is on a card and who holds it (issue 15): the card holder's proof for smartcard sign-in (signin §7
 * AuthSmartcardPIN, AuthSmartcardPassphrase), the certificate store read from the card (`GET ReadCertStore`, signin
 * §3 "Certificate store: certificates"), and `GET CardDetails?atr&serial` (signin §3 "Card details response:
 * smartcard, username, cardTemplateName"). The card is driven by the server over the caller's agent
 * ({@link withRemoteCard}); the agent relays APDUs and keeps nothing.
 */
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import { ALGORITHM, PivCommands, PivError, SLOT, type Slot } from '@tessera/card';
import type { CardReader } from '@tessera/agent-protocol';
import { MESSAGES, validatePassphrase, type Smartcard, withReason } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuthContext } from '../platform/types';
import { AppError, InvalidCredentialsError, NotFoundError, ValidationError } from '../platform/errors';
import { users } from '../identity/accounts.service';
import { x509 } from '../pki/pki.service';
import { pinRequirementsOfTemplate } from './card-templates.service';
import { CardActionError, getCard } from './cards.service';
import * as cards from './cards.repository';
import * as templatesRepo from './card-templates.repository';
import type { SmartcardRow } from './cards.table';
import { withRemoteCard, type CardRelay } from './remote-card';

/** What these calls need. */
export interface CardStoreDeps {
  db: Db;
  hub: CardRelay;
}

/** The card slots of the certificate store, by their hex names (SP 800-73-4 Part 1 §3.1). */
const STORE_SLOTS: readonly [string, Slot][] = [
  ['9A', SLOT.AUTHENTICATION],
  ['9C', SLOT.SIGNATURE],
  ['9D', SLOT.KEY_MANAGEMENT],
  ['9E', SLOT.CARD_AUTH],
];

/** A card named by serial and, optionally, the reader it is in (signin §3 card id). */
export interface CardRef {
  serial?: string | undefined;
  readerName?: string | undefined;
  reader_name?: string | undefined;
}

/** The card's serial as the server records it: its PIV serial, else its CHUID GUID. */
async function serialOf(piv: Parameters<Parameters<typeof withRemoteCard>[1]>[1]): Promise<string> {
  const [, serial] = await piv.batch([PivCommands.select(), PivCommands.getSerial()]);
  return serial !== null ? String(serial) : ((await piv.getChuid()).guid?.toString('hex') ?? '');
}

/**
 * The reader holding the card: the one named, else the reader of the session's agent whose card has this serial.
 * @throws ValidationError (card_id names neither), NotFoundError (no reader of the agent holds that card), relay errors
 */
export async function readerOfCard(deps: Pick<CardStoreDeps, 'hub'>, sessionId: string, ref: CardRef): Promise<string> {
  const named = ref.readerName ?? ref.reader_name;
  if (named) return named;
  if (!ref.serial) throw new ValidationError('card_id', 'names neither a reader nor a card serial');
  const { readers } = await deps.hub.call(sessionId, 'ListReaders', {});
  const reader = (readers as CardReader[]).find((r) => r.smartcard?.serialNumber === ref.serial);
  if (!reader) throw new NotFoundError(MESSAGES.SMARTCARD_SIGN_IN_NO_CARD.replace(/\.$/, ''));
  return reader.name;
}

/** Hash of a card key's ECDSA signatures (the issue makes P-256 and P-384 keys only; card-csr.ts). */
const HASH_OF: Record<number, string> = { [ALGORITHM.ECC_P256]: 'sha256', [ALGORITHM.ECC_P384]: 'sha384' };
const ALGORITHM_OF_CURVE: Record<string, number> = { 'P-256': ALGORITHM.ECC_P256, 'P-384': ALGORITHM.ECC_P384 };

/** Who proved to hold a card. */
export interface CardHolder {
  tenantId: string;
  userId: string;
  username: string;
  cardId: string;
  serialNumber: string;
  readerName: string;
  /** 'pin' or 'passphrase'. */
  method: 'pin' | 'passphrase';
}

/**
 * Why a sign-in with a card failed, for the audit and the answer: `wrong-pin` is 403 'Incorrect PIN.' (signin §5
 * "HTTP 403 on a PIN check means an incorrect PIN"), the rest 401 with {@link MESSAGES.SMARTCARD_SIGN_IN_REFUSED}.
 */
export class CardSignInError extends AppError {
  readonly reason: string;
  readonly userId: string | null;
  readonly username: string | null;
  readonly cardId: string | null;

  constructor(reason: string, who: { userId?: string | null; username?: string | null; cardId?: string | null }, error: AppError) {
    super(error.code, error.statusCode, error.message, { cause: error });
    this.reason = reason;
    this.userId = who.userId ?? null;
    this.username = who.username ?? null;
    this.cardId = who.cardId ?? null;
  }
}

/** The card's 9A certificate as the server issued it, with what can check it. */
async function authenticationCertificate(db: Db, tenantId: string, row: SmartcardRow, now: Date): Promise<{ certificate: x509.X509Certificate; algorithm: number } | string> {
  const issued = row.certificates.find((c) => c.slot === '9A');
  if (!issued) return 'the card has no authentication certificate';
  const status = await db
    .selectFrom('certificates')
    .select(['status', 'revocation_reason'])
    .where('tenant_id', '=', tenantId)
    .where('ca_id', '=', issued.caId)
    .where('serial_number', 'in', [...new Set([issued.serialNumber.toLowerCase(), issued.serialNumber.toLowerCase().replace(/^0+(?=.)/, '')])])
    .executeTakeFirst();
  if (!status) return 'the authentication certificate is unknown to the PKI';
  if (status.status === 'revoked') return status.revocation_reason === 'certificateHold' ? 'the authentication certificate is on hold' : 'the authentication certificate is revoked';
  const certificate = new x509.X509Certificate(issued.pem);
  if (certificate.notAfter.getTime() <= now.getTime() || certificate.notBefore.getTime() > now.getTime()) return 'the authentication certificate is not valid now';
  const curve = (certificate.publicKey.algorithm as { namedCurve?: string }).namedCurve ?? '';
  const algorithm = ALGORITHM_OF_CURVE[curve];
  if (algorithm === undefined) return 'the authentication key is not an EC P-256 or P-384 key';
  return { certificate, algorithm };
}

/**
 * Smartcard sign-in's proof (signin §7 AuthSmartcardPIN, AuthSmartcardPassphrase): over the agent of the caller's
 * (anonymous) session, the card in the reader must be the card named, issued by this tenant, not suspended, to an
 * enabled user; the server makes a fresh random challenge for this attempt only, the card VERIFYs the PIN (or
 * passphrase) and signs the challenge with its 9A authentication key (GENERAL AUTHENTICATE) in one Transmit, and the
 * signature must verify with the 9A certificate the server issued to that card, which must be neither revoked nor
 * on hold nor out of its validity. The challenge never leaves the server but inside that APDU.
 * @throws CardSignInError (403 'Incorrect PIN.' or 401 refused, with the reason), ValidationError, relay errors
 */
export async function proveCardHolder(
  deps: CardStoreDeps & { now: () => number },
  caller: { sessionId: string; tenantId: string },
  request: {
    card_id: CardRef;
    secret: string;
    method: 'pin' | 'passphrase';
    /** Runs once the card's holder is known, before the card sees the secret (the caller's throttle). */
    beforeVerify?: (who: { userId: string; username: string; cardId: string }) => Promise<void>;
  },
): Promise<CardHolder> {
  const refused = (reason: string, who: { userId?: string | null; username?: string | null; cardId?: string | null } = {}) =>
    new CardSignInError(reason, who, new InvalidCredentialsError(MESSAGES.SMARTCARD_SIGN_IN_REFUSED));
  const readerName = await readerOfCard(deps, caller.sessionId, request.card_id);
  return withRemoteCard({ hub: deps.hub, sessionId: caller.sessionId, readerName }, async (card, piv) => {
    card.step('read card');
    const serialNumber = await serialOf(piv);
    if (request.card_id.serial && request.card_id.serial !== serialNumber) throw new ValidationError('card_id.serial', 'is not the card in the reader');
    const row = serialNumber ? await cards.findCardBySerial(deps.db, caller.tenantId, serialNumber) : undefined;
    if (!row) throw refused('the card has no record in this tenant');
    const who = { cardId: row.id, userId: row.user_id };
    if (row.status === 'suspended') throw refused('the card is suspended', who);
    if (row.status !== 'issued' || !row.user_id) throw refused(`the card is ${row.status}`, who);
    const user = await users.findById(deps.db, caller.tenantId, row.user_id);
    if (!user || !user.enabled) throw refused('the card holder is unknown or disabled', who);
    const named = { ...who, username: user.username };
    const requirements = await pinRequirementsOfTemplate(deps.db, caller.tenantId, row.card_template_id ?? undefined).catch(() => pinRequirementsOfTemplate(deps.db, caller.tenantId));
    if (request.method === 'passphrase') {
      const problem = validatePassphrase(request.secret, requirements);
      if (problem === MESSAGES.PASSPHRASE_NOT_ALLOWED) throw new ValidationError('passphrase', problem, { exact: true });
    }
    const cert = await authenticationCertificate(deps.db, caller.tenantId, row, new Date(deps.now()));
    if (typeof cert === 'string') throw refused(cert, named);

    await request.beforeVerify?.({ userId: user.id, username: user.username, cardId: row.id });
    // A fresh challenge for this attempt; the card signs its digest after the PIN check, in one round trip.
    const challenge = randomBytes(32);
    const digest = createHash(HASH_OF[cert.algorithm]!).update(challenge).digest();
    card.step('verify PIN');
    let signature: Buffer;
    try {
      const answers = await piv.batch([PivCommands.verifyPin(request.secret), PivCommands.sign(SLOT.AUTHENTICATION, cert.algorithm, digest)]);
      signature = answers[1] as Buffer;
    } catch (error) {
      if (error instanceof PivError && (error.code === 'WRONG_PIN' || error.code === 'BLOCKED' || error.code === 'INVALID')) {
        const reason = error.code === 'BLOCKED' ? 'the PIN is blocked' : `wrong PIN${error.triesLeft === undefined ? '' : ` (${error.triesLeft} tries left)`}`;
        throw new CardSignInError(reason, named, new AppError('INCORRECT_PIN', 403, MESSAGES.INCORRECT_PIN, { cause: error }));
      }
      if (error instanceof PivError) throw refused(`the card refused to sign: ${error.message}`, named);
      throw error;
    }
    const publicKey = createPublicKey({ key: Buffer.from(cert.certificate.publicKey.rawData), format: 'der', type: 'spki' });
    const ok = verify(HASH_OF[cert.algorithm]!, challenge, { key: publicKey, dsaEncoding: 'der' }, signature);
    if (!ok) throw refused('the signature does not verify with the card\'s authentication certificate', named);
    card.step('done');
    return { tenantId: caller.tenantId, userId: user.id, username: user.username, cardId: row.id, serialNumber, readerName, method: request.method };
  });
}

/** One certificate of the card's store (signin §3 "Certificate store: certificates"). */
export interface StoredCertificate {
  slot: string;
  pem: string;
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
  /** Whether this tenant issued it to this card (the card record lists it). */
  issuedByTessera: boolean;
}

/**
 * `GET /api2/{v}/ReadCertStore?readerName` (signin §7): the certificates in the PIV slots of the card in a reader of
 * the caller's agent, read from the card (one Transmit: SELECT, serial, and GET DATA of each slot's object).
 * @throws ValidationError (readerName), relay errors, CardActionError (the card refused a read)
 */
export async function readCertStore(deps: CardStoreDeps, auth: Pick<AuthContext, 'tenantId' | 'session'>, readerName: string): Promise<{ serialNumber: string; certificates: StoredCertificate[] }> {
  if (!readerName) throw new ValidationError('readerName', 'names no reader');
  return withRemoteCard({ hub: deps.hub, sessionId: auth.session.id, readerName }, async (card, piv) => {
    card.step('read certificates');
    let answers: unknown[];
    try {
      answers = await piv.batch([PivCommands.select(), PivCommands.getSerial(), ...STORE_SLOTS.map(([, slot]) => PivCommands.getCertificate(slot))]);
    } catch (error) {
      throw error instanceof PivError ? new CardActionError(withReason(MESSAGES.CERT_STORE_READ_FAILED, error.message), { cause: error }) : error;
    }
    const serial = answers[1] as number | null;
    const serialNumber = serial !== null ? String(serial) : ((await piv.getChuid()).guid?.toString('hex') ?? '');
    const row = serialNumber ? await cards.findCardBySerial(deps.db, auth.tenantId, serialNumber) : undefined;
    const ours = new Set((row?.certificates ?? []).map((c) => `${c.slot}:${c.serialNumber.replace(/^0+/, '')}`));
    const certificates: StoredCertificate[] = [];
    STORE_SLOTS.forEach(([name], i) => {
      const der = answers[2 + i] as Buffer | null;
      if (!der) return;
      const certificate = new x509.X509Certificate(new Uint8Array(der));
      const serialHex = certificate.serialNumber.toLowerCase();
      certificates.push({
        slot: name,
        pem: certificate.toString('pem'),
        subject: certificate.subject,
        issuer: certificate.issuer,
        serialNumber: serialHex,
        notBefore: certificate.notBefore.toISOString(),
        notAfter: certificate.notAfter.toISOString(),
        issuedByTessera: ours.has(`${name}:${serialHex.replace(/^0+/, '')}`),
      });
    });
    card.step('done');
    return { serialNumber, certificates };
  });
}

/**
 * `GET /api2/CMS-v2/CardDetails?atr&serial` (signin §3 "Card details response: smartcard, username,
 * cardTemplateName"): the record of the tenant's card with this serial (and ATR, when given), its user's name and
 * its card template's name. @throws NotFoundError
 */
export async function cardDetails(deps: Pick<CardStoreDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, query: { serial: string; atr?: string | undefined }): Promise<{ smartcard: Smartcard; username: string | null; cardTemplateName: string | null }> {
  const row = await cards.findCardBySerial(deps.db, auth.tenantId, query.serial);
  if (!row || (query.atr && row.atr.toLowerCase() !== query.atr.toLowerCase())) throw new NotFoundError('The smartcard');
  const user = row.user_id ? await users.findById(deps.db, auth.tenantId, row.user_id) : undefined;
  const template = row.card_template_id ? await templatesRepo.findCardTemplate(deps.db, auth.tenantId, row.card_template_id) : undefined;
  return { smartcard: await getCard(deps, auth, row.id), username: user?.username ?? null, cardTemplateName: template?.name ?? null };
}

