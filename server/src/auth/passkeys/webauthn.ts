/**
 * Relying-party rules of the server (WebAuthn L3 §7): the RP id is `TESSERA_WEBAUTHN_RP_ID` or the
 * request's host name (a tenant's own domain); accepted origins are the configured ones and the
 * console's own origin. Challenges are stored as SHA-256 and used once (§13.4.3).
 */
import { createHash } from 'node:crypto';
import type { ServerConfig } from '../../platform/config';
import type { ClientContext } from '../../platform/request';

/** The RP id for a request. */
export function rpIdFor(request: Pick<ClientContext, 'hostname'>, config: Pick<ServerConfig, 'webauthnRpId'>): string {
  return config.webauthnRpId ?? request.hostname.replace(/:\d+$/, '').replace(/^\[|\]$/g, '').toLowerCase();
}

/** The origins a ceremony's clientDataJSON may name. */
export function expectedOriginsFor(request: Pick<ClientContext, 'protocol' | 'host'>, config: Pick<ServerConfig, 'webauthnOrigins' | 'publicUrl'>): string[] {
  const origins = new Set(config.webauthnOrigins);
  if (config.publicUrl) origins.add(new URL(config.publicUrl).origin);
  origins.add(`${request.protocol}://${request.host}`);
  return [...origins];
}

/** The stored id of a challenge (base64url as the client echoes it). */
export function challengeId(challengeBase64Url: string): string {
  return createHash('sha256').update(challengeBase64Url).digest('hex');
}

/** The challenge a response's clientDataJSON carries, or null when it cannot be read. */
export function challengeOfResponse(response: unknown): string | null {
  try {
    const clientDataJSON = (response as { response?: { clientDataJSON?: unknown } }).response?.clientDataJSON;
    if (typeof clientDataJSON !== 'string') return null;
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : null;
  } catch {
    return null;
  }
}

