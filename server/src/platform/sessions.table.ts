import type { Selectable, Insertable } from 'kysely';

/** State of a session: `pending` (password accepted, further authentication due), `active`, `anonymous`. */
export type SessionState = 'pending' | 'active' | 'anonymous';

/** `sessions`: the server-side session record. `id` is the SHA-256 (hex) of the cookie token, never the token. */
export interface SessionsTable {
  id: string;
  user_id: string | null;
  tenant_id: string | null;
  state: SessionState;
  created_at: Date;
  last_seen_at: Date;
  idle_expires_at: Date;
  absolute_expires_at: Date;
}

/** A session row. */
export type SessionRow = Selectable<SessionsTable>;
/** A new session row. */
export type NewSessionRow = Insertable<SessionsTable>;
