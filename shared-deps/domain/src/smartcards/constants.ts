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

/** Bounds an administrator may set for a tenant's card PIN lengths (designed: 4 to 16 characters). */
export const PIN_POLICY_MIN_LENGTH = 4;
export const PIN_POLICY_MAX_LENGTH = 16;

/** Longest PIN requirements description override (signin §3 pinRequirementDescriptionOverride; designed). */
export const PIN_DESCRIPTION_MAX_LENGTH = 200;

/** Temporary pass number width, zero-padded (admin-console §5, §9). */
export const TEMP_PASS_NUMBER_WIDTH = 5;
