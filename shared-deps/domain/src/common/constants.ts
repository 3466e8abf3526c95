/**
 * Constants of the platform: paging, files, toasts, websockets, search, modals, storage keys, CSRF (signin §9, admin-console §9). Every number here is the spec's unless marked designed.
 */

/** Results per search page (signin §9). */
export const RESULTS_PER_PAGE = 10;

/** Search pages per block of page links (signin §9). */
export const PAGES_PER_BLOCK = 10;

/** Maximum file size: 10 MB (signin §5, §9), counted as 10 × 1024 × 1024 bytes. */
export const MAX_FILE_SIZE_BYTES = 10 * 1024 * 1024;

/** Toasts (signin §9): default display time, forced close when the animation never ends, hover removal delay, log size. */
export const TOAST_DEFAULT_TIMEOUT_MS = 3000;
export const TOAST_FORCE_CLOSE_MS = 6000;
export const TOAST_HOVER_REMOVE_DELAY_MS = 1000;
export const TOAST_LOG_SIZE = 20;

/** Toasts appear top-right (signin §9). */
export const TOAST_POSITION = 'top-right';

/** Websocket normal close code (signin §9). */
export const WS_NORMAL_CLOSE = 1000;

/** Search results are stale after 5 minutes (signin §9, admin-console §9). */
export const SEARCH_STALE_MS = 300000;

/** Autocomplete: results fetched, results shown, debounce (signin §9). */
export const AUTOCOMPLETE_FETCH_SIZE = 100;
export const AUTOCOMPLETE_SHOW_SIZE = 10;
export const AUTOCOMPLETE_DEBOUNCE_MS = 200;

/** Download URL revoke delay, 40 seconds (signin §9). */
export const DOWNLOAD_URL_REVOKE_DELAY_MS = 40000;

/** Modal transition and backdrop (signin §9). */
export const MODAL_TRANSITION_MS = 300;
export const MODAL_BACKDROP_MS = 150;

/** Canvas animation default frames per second (admin-console §9). */
export const CANVAS_FPS = 24;

/** Store development checks warn after this many ms (admin-console §9). */
export const STORE_CHECK_WARN_MS = 500;

/** The local storage entry kept at boot; every other entry is cleared (signin §2). */
export const USER_SETTINGS_STORAGE_KEY = 'tessera.userSettings';

/** The session storage flag that records the one reload after a failed chunk load (signin §2). */
export const CHUNK_RELOAD_FLAG_KEY = 'tessera.chunkReloaded';

/** Support address of the Unexpected Error screen when the tenancy gives none (signin §2). */
export const DEFAULT_SUPPORT_EMAIL = 'support@tessera.example';

/** News feed version default (admin-console §9). */
export const NEWS_VERSION_DEFAULT = '5';

/** The product's name. */
export const PRODUCT_NAME = 'Tessera';

/** CSRF double-submit cookie and header (signin §7, docs/api.md). */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';
