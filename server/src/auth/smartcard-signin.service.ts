/**
 * Smartcard sign-in (signin §7 AuthSmartcardPIN `{card_id (or cardId), pin}`, AuthSmartcardPassphrase
 * `{card_id{serial}, passphrase}`; issue 15 "Smartcard sign-in"). The browser holds an anonymous (or signed-in)
 * session whose agent is linked; the server drives the card through that agent (`proveCardHolder`: a fresh
 * challenge, VERIFY PIN, GENERAL AUTHENTICATE with the 9A key, the signature checked against the certificate the
 * server issued to the card, neither revoked nor on hold, the card not suspended). On success the session is
 * replaced by an active one for the card's user and the hub moves the agent to it in the same step
 * (`AgentHub.rebindSession`): the browser does not link its agent again. Wrong PINs count as failed sign-ins of the
 * card holder's account (the login throttle), and every attempt is audited `login` with `method: 'smartcard'`.
 */
import type { LoginResponse } from '@tessera/domain';
import type { SessionRecord } from '../platform/session-store';
import { LoginThrottledError } from '../platform/errors';
import { accountKey, type LoginThrottle } from '../platform/login-throttle';
import { buildViewer } from '../identity/viewer.service';
import { CardSignInError, proveCardHolder, type CardRef, type CardStoreDeps } from '../smartcards/card-store.service';
import { newActiveSession, sessionInfo, type AuthDeps, type IssuedSession } from './auth.service';

/** The hub as sign-in needs it: the card relay and the re-binding of the session's agents. */
export interface SignInHub extends Pick<CardStoreDeps['hub'], 'call' | 'publish'> {
  rebindSession<T>(from: string, commit: () => Promise<{ value: T; to: { sessionId: string; userId: string | null } }>): Promise<{ value: T; moved: number }>;
}

/** What smartcard sign-in needs (the app satisfies it with `hub: app.agentHub`). */
export interface SmartcardSignInDeps extends Pick<AuthDeps, 'db' | 'audit' | 'sessions' | 'config' | 'now'> {
  loginThrottle: LoginThrottle;
  hub: SignInHub;
}

/** One sign-in attempt. */
export interface SmartcardSignInRequest {
  card_id: CardRef;
  /** The PIN, or the passphrase (the alphanumeric form of the PIN a card template may allow). */
  secret: string;
  method: 'pin' | 'passphrase';
}

/**
 * Signs in with the card in a reader of the caller's agent.
 * @throws CardSignInError (403 INCORRECT_PIN 'Incorrect PIN.', 401 refused), LoginThrottledError, ValidationError,
 *   the relay's errors (no agent, reader or card)
 */
export async function signInWithSmartcard(
  deps: SmartcardSignInDeps,
  client: { ip: string },
  session: SessionRecord & { tenantId: string },
  request: SmartcardSignInRequest,
): Promise<IssuedSession<LoginResponse> & { agentsMoved: number }> {
  const { db, audit } = deps;
  const tenantId = session.tenantId;
  const auditFailure = (detail: Record<string, unknown>, who: { userId?: string | null; username?: string | null }) =>
    db.transaction().execute((trx) =>
      audit.write(trx, { tenantId, actorUserId: who.userId ?? null, actorUsername: who.username ?? null, action: 'login', outcome: 'failure', ip: client.ip, detail: { method: 'smartcard', secret: request.method, ...detail } }),
    );

  let holder;
  try {
    holder = await proveCardHolder(
      { db, hub: deps.hub, now: deps.now },
      { sessionId: session.id, tenantId },
      {
        card_id: request.card_id,
        secret: request.secret,
        method: request.method,
        // Before the card sees the PIN: a card holder whose account is throttled gets no more guesses.
        beforeVerify: async (who) => {
          const retryAfterSeconds = await deps.loginThrottle.retryAfterSeconds(accountKey(tenantId, who.username), client.ip);
          if (retryAfterSeconds > 0) {
            await auditFailure({ reason: 'throttled', retryAfterSeconds, cardId: who.cardId }, who);
            throw new LoginThrottledError(retryAfterSeconds);
          }
        },
      },
    );
  } catch (error) {
    if (error instanceof CardSignInError) {
      if (error.code === 'INCORRECT_PIN' && error.username) await deps.loginThrottle.recordFailure(accountKey(tenantId, error.username), client.ip);
      await auditFailure({ reason: error.reason, cardId: error.cardId, serialNumber: request.card_id.serial ?? null }, error);
    }
    throw error;
  }

  const account = accountKey(tenantId, holder.username);
  const { value: issued, moved } = await deps.hub.rebindSession(session.id, () =>
    db.transaction().execute(async (trx) => {
      await audit.write(trx, {
        tenantId,
        actorUserId: holder.userId,
        actorUsername: holder.username,
        action: 'login',
        outcome: 'success',
        ip: client.ip,
        detail: { method: 'smartcard', secret: request.method, cardId: holder.cardId, serialNumber: holder.serialNumber, readerName: holder.readerName },
      });
      const next = await newActiveSession(deps, trx, holder.userId, tenantId, session.id);
      return { value: next, to: { sessionId: next.record.id, userId: holder.userId } };
    }),
  );
  await deps.loginThrottle.recordSuccess(account, client.ip);
  const viewer = await buildViewer(db, holder.userId, tenantId);
  return { token: issued.token, body: { furtherAuthenticationRequired: [], viewer, session: sessionInfo(deps, issued.record) }, agentsMoved: moved };
}
