/**
 * Constants of smartcards: the local security client, card PINs and temporary passes (signin §5, §9; admin-console §5, §9). Every number here is the spec's unless marked designed.
 */

/** Ping of the local security client (signin §9). */
export const CLIENT_PING_MS = 60000;

/** Batch print status ping (signin §9). */
export const BATCH_PRINT_PING_MS = 3000;

/** Clid wait timeout (signin §9). */
export const CLID_WAIT_TIMEOUT = 200;

/** The local security client listens on loopback at this port (signin §9). */
export const AGENT_PORT = 8802;
export const AGENT_HOST = '127.0.0.1';

/** PIN length by default: 6 to 8 digits (signin §5). */
export const DEFAULT_PIN_MIN_LENGTH = 6;
export const DEFAULT_PIN_MAX_LENGTH = 8;

/**
 * The PIN a PIV card takes: 6 to 8 bytes, sent padded to 8 bytes with 0xFF (SP 800-73-4 Part 2 §2.4.3,
 * §3.2.1 VERIFY). Every PIN character Tessera accepts (a digit, or printable ASCII) is one byte, so this
 * bounds the number of characters too. The one home of the card's limit: the policy bounds below, the
 * PIN check and the server's schemas derive from it.
 */
export const PIV_PIN_LENGTH = Object.freeze({ min: 6, max: 8 } as const);

/**
 * Bounds an administrator may set for a tenant's card PIN lengths: the PIV card's limit, so that every
 * policy is one a card can meet (a 4-digit or 10-digit PIN would be refused by the card).
 */
export const PIN_POLICY_MIN_LENGTH: number = PIV_PIN_LENGTH.min;
export const PIN_POLICY_MAX_LENGTH: number = PIV_PIN_LENGTH.max;

/** Longest PIN requirements description override (signin §3 pinRequirementDescriptionOverride; designed). */
export const PIN_DESCRIPTION_MAX_LENGTH = 200;

/** Temporary pass number width, zero-padded (admin-console §5, §9). */
export const TEMP_PASS_NUMBER_WIDTH = 5;
