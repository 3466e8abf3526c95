/**
 * Cloud HSM configuration (issue 15; signin §3 "Cloud HSM config: customer_sc_hardware", §7 POST GetCloudHSMConfig,
 * AddCloudHSMConfig, DeleteCloudHSMConfig each {customer_sc_hardware}, PATCH CloudHSMConfig; admin-console §2.2
 * authenticatehsm [HSMAuthenticate], §3 "HSM config (customerScHardware)", "HSM authentication: pending, then
 * authenticated true or false").
 *
 * Designed: a config names the customer's smartcard hardware kept in a cloud HSM (`customer_sc_hardware`, unique per
 * tenant), the HTTPS endpoint of the HSM service's authentication and a client id; its client secret is write-only
 * (sealed on the server, never answered: the answer says only whether one is set). HSM authentication sends the
 * operator's HSM credential with the client id and secret to the endpoint; a 2xx answer means authenticated.
 */

/** Limits of a cloud HSM config's fields. */
export const CLOUD_HSM_LIMITS = Object.freeze({ nameMax: 100, urlMax: 500, clientIdMax: 200, secretMin: 8, secretMax: 500, credentialMax: 500 } as const);

/** A cloud HSM config as the server answers it (no secret: `hasClientSecret` only). */
export interface CloudHsmConfig {
  customer_sc_hardware: string;
  endpoint: string;
  client_id: string;
  hasClientSecret: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The fields of AddCloudHSMConfig (all) and PATCH CloudHSMConfig (customer_sc_hardware and any of the others). */
export interface CloudHsmConfigInput {
  customer_sc_hardware: string;
  endpoint?: string;
  client_id?: string;
  client_secret?: string;
}

/** The state of the console's HSM authentication (admin-console §3). */
export type HsmAuthenticationState = { pending: true; authenticated: null } | { pending: false; authenticated: boolean | null };

/** Texts of the cloud HSM config (designed). */
export const CLOUD_HSM_MESSAGES = Object.freeze({
  NAME: `must be 1 to ${CLOUD_HSM_LIMITS.nameMax} letters, digits, spaces, '.', '_' or '-'`,
  ENDPOINT: 'must be an https:// URL (http:// only for a loopback address)',
  CLIENT_ID: `must be 1 to ${CLOUD_HSM_LIMITS.clientIdMax} characters`,
  CLIENT_SECRET: `must be ${CLOUD_HSM_LIMITS.secretMin} to ${CLOUD_HSM_LIMITS.secretMax} characters`,
  EXISTS: 'A cloud HSM config for this hardware already exists.',
  SAVED: 'Cloud HSM config saved',
  DELETED: 'Cloud HSM config deleted',
  AUTHENTICATED: 'Authenticated to the HSM',
  NOT_AUTHENTICATED: 'The HSM refused the authentication',
} as const);

const NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Checks the fields given (all of them when `complete`). Returns the first problem as `{field, message}`, or null.
 */
export function validateCloudHsmConfig(input: CloudHsmConfigInput, options: { complete: boolean }): { field: string; message: string } | null {
  const name = input.customer_sc_hardware;
  if (typeof name !== 'string' || name.length > CLOUD_HSM_LIMITS.nameMax || !NAME.test(name)) return { field: 'customer_sc_hardware', message: CLOUD_HSM_MESSAGES.NAME };
  if (input.endpoint !== undefined || options.complete) {
    let url: URL | null = null;
    try {
      url = typeof input.endpoint === 'string' && input.endpoint.length <= CLOUD_HSM_LIMITS.urlMax ? new URL(input.endpoint) : null;
    } catch {
      url = null;
    }
    const ok = url !== null && !url.username && !url.password && (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname)));
    if (!ok) return { field: 'endpoint', message: CLOUD_HSM_MESSAGES.ENDPOINT };
  }
  if ((input.client_id !== undefined || options.complete) && (typeof input.client_id !== 'string' || !input.client_id.trim() || input.client_id.length > CLOUD_HSM_LIMITS.clientIdMax)) {
    return { field: 'client_id', message: CLOUD_HSM_MESSAGES.CLIENT_ID };
  }
  if ((input.client_secret !== undefined || options.complete) && (typeof input.client_secret !== 'string' || input.client_secret.length < CLOUD_HSM_LIMITS.secretMin || input.client_secret.length > CLOUD_HSM_LIMITS.secretMax)) {
    return { field: 'client_secret', message: CLOUD_HSM_MESSAGES.CLIENT_SECRET };
  }
  return null;
}
