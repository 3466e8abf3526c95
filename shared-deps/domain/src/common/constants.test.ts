import * as auth from '../auth/constants';
import * as smartcards from '../smartcards/constants';
import * as tickets from '../tickets/constants';
import * as common from './constants';
import { AUTH_TIMEOUT_SECONDS, DEFAULT_SESSION_SECONDS } from '../auth/session';

// The numbers of signin §9 and admin-console §9, exactly as the spec gives them, whichever area keeps them.
const c = { ...common, ...auth, ...smartcards, ...tickets };

describe('spec constants', () => {
  it.each([
    ['RESULTS_PER_PAGE', c.RESULTS_PER_PAGE, 10],
    ['PAGES_PER_BLOCK', c.PAGES_PER_BLOCK, 10],
    ['MAX_FILE_SIZE_BYTES (10 MB)', c.MAX_FILE_SIZE_BYTES, 10 * 1024 * 1024],
    ['PBKDF2_ITERATIONS', c.PBKDF2_ITERATIONS, 100],
    ['SECRET_ANSWER_SALT_BYTES', c.SECRET_ANSWER_SALT_BYTES, 32],
    ['SECRET_ANSWER_HASH_BITS', c.SECRET_ANSWER_HASH_BITS, 128],
    ['AUTH_TIMEOUT_SECONDS', AUTH_TIMEOUT_SECONDS, 90],
    ['DEFAULT_SESSION_SECONDS', DEFAULT_SESSION_SECONDS, 90],
    ['TOAST_DEFAULT_TIMEOUT_MS', c.TOAST_DEFAULT_TIMEOUT_MS, 3000],
    ['TOAST_FORCE_CLOSE_MS', c.TOAST_FORCE_CLOSE_MS, 6000],
    ['TOAST_HOVER_REMOVE_DELAY_MS', c.TOAST_HOVER_REMOVE_DELAY_MS, 1000],
    ['TOAST_LOG_SIZE', c.TOAST_LOG_SIZE, 20],
    ['CLIENT_PING_MS', c.CLIENT_PING_MS, 60000],
    ['BATCH_PRINT_PING_MS', c.BATCH_PRINT_PING_MS, 3000],
    ['CLID_WAIT_TIMEOUT', c.CLID_WAIT_TIMEOUT, 200],
    ['AGENT_PORT', c.AGENT_PORT, 8802],
    ['WS_NORMAL_CLOSE', c.WS_NORMAL_CLOSE, 1000],
    ['SEARCH_STALE_MS (5 minutes)', c.SEARCH_STALE_MS, 5 * 60 * 1000],
    ['AUTOCOMPLETE_FETCH_SIZE', c.AUTOCOMPLETE_FETCH_SIZE, 100],
    ['AUTOCOMPLETE_SHOW_SIZE', c.AUTOCOMPLETE_SHOW_SIZE, 10],
    ['AUTOCOMPLETE_DEBOUNCE_MS', c.AUTOCOMPLETE_DEBOUNCE_MS, 200],
    ['PASSKEY_CHALLENGE_LIFETIME_MS', c.PASSKEY_CHALLENGE_LIFETIME_MS, 600000],
    ['DOWNLOAD_URL_REVOKE_DELAY_MS', c.DOWNLOAD_URL_REVOKE_DELAY_MS, 40000],
    ['MODAL_TRANSITION_MS', c.MODAL_TRANSITION_MS, 300],
    ['MODAL_BACKDROP_MS', c.MODAL_BACKDROP_MS, 150],
    ['DEFAULT_PIN_MIN_LENGTH', c.DEFAULT_PIN_MIN_LENGTH, 6],
    ['DEFAULT_PIN_MAX_LENGTH', c.DEFAULT_PIN_MAX_LENGTH, 8],
    ['TEMP_PASS_NUMBER_WIDTH', c.TEMP_PASS_NUMBER_WIDTH, 5],
    ['TICKET_MESSAGE_MAX_LENGTH', c.TICKET_MESSAGE_MAX_LENGTH, 10000],
    ['TICKET_PAGE_SIZE', c.TICKET_PAGE_SIZE, 10],
    ['TICKET_FILTER_LIMIT', c.TICKET_FILTER_LIMIT, 100],
    ['CANVAS_FPS', c.CANVAS_FPS, 24],
    ['STORE_CHECK_WARN_MS', c.STORE_CHECK_WARN_MS, 500],
  ])('should hold %s = the spec value', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('should name the texts and places the spec gives', () => {
    expect(c.TOAST_POSITION).toBe('top-right');
    expect(c.AGENT_HOST).toBe('127.0.0.1');
    expect(c.TICKET_DEFAULT_SORT).toEqual({ field: 'updatedAt', direction: 'desc' });
    expect(c.NEWS_VERSION_DEFAULT).toBe('5');
    expect(c.WEBAUTHN_CHALLENGE_CONTENT_TYPE).toBe('application/x-webauthn-challenge');
    expect(c.XSRF_COOKIE_NAME).toBe('XSRF-TOKEN');
    expect(c.XSRF_HEADER_NAME).toBe('X-XSRF-TOKEN');
  });
});
