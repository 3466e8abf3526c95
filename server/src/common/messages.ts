/**
 * Message texts the server sends. LOCAL STAND-IN for `MESSAGES` of `@tessera/domain`
 * (platform-contracts.md); swap when the domain exports it.
 */
export const SERVER_MESSAGES = Object.freeze({
  /** signin §8 login failure text. */
  INVALID_CREDENTIALS: 'Check Username and Password',
});

/** Product name (`PRODUCT_NAME` of the domain constants, once there). */
export const PRODUCT_NAME = 'Tessera';
/** News version default (admin-console §9, `NEWS_VERSION_DEFAULT`). */
export const NEWS_VERSION_DEFAULT = '5';
/** Support address when a tenant has none (`DEFAULT_SUPPORT_EMAIL`). */
export const DEFAULT_SUPPORT_EMAIL = 'support@tessera.invalid';
