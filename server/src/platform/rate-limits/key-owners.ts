/**
 * The owners (tenant and creator) of API key ids, as the rate limiter needs them to match tenant-layer
 * rules before the auth guard has checked the key. A key id never changes owner, so a found owner is kept
 * for the life of the process (the auth guard still checks revocation and expiry on every request); an
 * unknown id is remembered for {@link UNKNOWN_KEY_TTL_MS}, so a flood of made-up ids costs one lookup each
 * a minute rather than one per request. At most {@link MAX_KEY_OWNERS} ids are held.
 */
import type { ApiKeyOwnerLookup } from '../api-key-auth';
import type { Db } from '../../db/database';

/** How long an id that no key has is remembered, ms. */
export const UNKNOWN_KEY_TTL_MS = 60_000;
/** Ids held at most (the map starts afresh beyond it). */
export const MAX_KEY_OWNERS = 10_000;

type Owner = { tenantId: string; userId: string };

/** Cached lookups of key owners. */
export class KeyOwners {
  readonly #lookup: ApiKeyOwnerLookup;
  readonly #db: Db;
  readonly #now: () => number;
  readonly #known = new Map<string, Owner | { unknownUntil: number }>();

  constructor(options: { lookup: ApiKeyOwnerLookup; db: Db; now: () => number }) {
    this.#lookup = options.lookup;
    this.#db = options.db;
    this.#now = options.now;
  }

  /** The owner of a key id, or null when no key has it. */
  async get(keyId: string): Promise<Owner | null> {
    const held = this.#known.get(keyId);
    if (held !== undefined) {
      if (!('unknownUntil' in held)) return held;
      if (held.unknownUntil > this.#now()) return null;
    }
    const owner = await this.#lookup({ db: this.#db }, keyId);
    if (this.#known.size >= MAX_KEY_OWNERS) this.#known.clear();
    this.#known.set(keyId, owner ?? { unknownUntil: this.#now() + UNKNOWN_KEY_TTL_MS });
    return owner;
  }
}
