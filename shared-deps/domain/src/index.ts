/**
 * @tessera/domain: pure rules, constants, texts and shared types. No I/O, no clock, no randomness:
 * whatever a rule needs from the outside is passed in.
 */

// Session timing (signin §4, §9)
export {
  DEFAULT_SESSION_SECONDS,
  AUTH_TIMEOUT_SECONDS,
  KEEP_ALIVE_MIN_SECONDS,
  KEEP_ALIVE_MAX_SECONDS,
  keepAliveIntervalSeconds,
  remainingSessionMs,
} from './session';

// Wire contract
export { GLOBAL_BODIES } from './api-types';
export type * from './api-types';

// Route table (admin-console §2, signin §2)
export {
  ROUTES,
  HOME_PATH,
  DENIED_PATH,
  LOGIN_PATH,
  BUILT_AREAS,
  appNameForArea,
  matchRoute,
  canViewRoute,
  loginRedirectPath,
} from './routes';
export type { Area, RouteAccess, RouteDef, RouteMatch } from './routes';

// Permissions (signin §3, §6; admin-console §6)
export { ALL_PERMISSIONS, effectivePermissions, normalisePermissionObject, buildPermissionObject, menuAreas } from './permissions';
export type { RolePermissions } from './permissions';

// Constants (signin §9, admin-console §9)
export {
  RESULTS_PER_PAGE,
  PAGES_PER_BLOCK,
  MAX_FILE_SIZE_BYTES,
  PBKDF2_ITERATIONS,
  SECRET_ANSWER_SALT_BYTES,
  SECRET_ANSWER_HASH_BITS,
  TOAST_DEFAULT_TIMEOUT_MS,
  TOAST_FORCE_CLOSE_MS,
  TOAST_HOVER_REMOVE_DELAY_MS,
  TOAST_LOG_SIZE,
  TOAST_POSITION,
  CLIENT_PING_MS,
  BATCH_PRINT_PING_MS,
  CLID_WAIT_TIMEOUT,
  AGENT_PORT,
  AGENT_HOST,
  WS_NORMAL_CLOSE,
  SEARCH_STALE_MS,
  AUTOCOMPLETE_FETCH_SIZE,
  AUTOCOMPLETE_SHOW_SIZE,
  AUTOCOMPLETE_DEBOUNCE_MS,
  PASSKEY_CHALLENGE_LIFETIME_MS,
  DOWNLOAD_URL_REVOKE_DELAY_MS,
  MODAL_TRANSITION_MS,
  MODAL_BACKDROP_MS,
  DEFAULT_PIN_MIN_LENGTH,
  DEFAULT_PIN_MAX_LENGTH,
  PIN_POLICY_MIN_LENGTH,
  PIN_POLICY_MAX_LENGTH,
  PIN_DESCRIPTION_MAX_LENGTH,
  TEMP_PASS_NUMBER_WIDTH,
  TICKET_MESSAGE_MAX_LENGTH,
  TICKET_PAGE_SIZE,
  TICKET_DEFAULT_SORT,
  TICKET_FILTER_LIMIT,
  CANVAS_FPS,
  STORE_CHECK_WARN_MS,
  USER_SETTINGS_STORAGE_KEY,
  CHUNK_RELOAD_FLAG_KEY,
  DEFAULT_SUPPORT_EMAIL,
  NEWS_VERSION_DEFAULT,
  PRODUCT_NAME,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
  SESSION_COOKIE_NAME,
  WEBAUTHN_CHALLENGE_CONTENT_TYPE,
} from './constants';

// Texts
export {
  MESSAGES,
  ERROR_MESSAGES,
  messageForErrorCode,
  unexpectedErrorMessage,
  usernameCharacterNotAllowed,
  ticketMessagesFailed,
  failedToVerifyEmail,
  loginThrottled,
  pinLengthMessage,
  pinRequirementsDescription,
  passwordRulesHint,
} from './messages';

// Errors
export { DomainError } from './errors';
export type { DomainErrorCode } from './errors';

// Toast rules (signin §9)
export { EMPTY_TOAST_STATE, toastTimeoutMs, toastRemovesOnHover, addToast, removeToast, toastForGlobalError } from './toasts';
export type { ToastKind, ToastInput, Toast, ToastState } from './toasts';

// Boot rules (signin §2)
export { isBrowserSupported, chunkFailureAction, storageKeysToClear } from './boot';
export type { BrowserFeatures } from './boot';

// Validation (admin-console §5, signin §5)
export { validateUsername, trimUsername, USERNAME_DISALLOWED_CHARACTERS } from './validation/validateUsername';
export type { ValidateUsernameOptions } from './validation/validateUsername';
export { isValidSubnet } from './validation/isValidSubnet';
export { validateText } from './validation/validateText';
export type { ValidateTextOptions } from './validation/validateText';
export { validateInteger } from './validation/validateInteger';
export type { ValidateIntegerOptions } from './validation/validateInteger';
export { clampInteger } from './validation/clampInteger';
export { validateImageDataUrl } from './validation/validateImageDataUrl';
export { validateMonthFormat } from './validation/validateMonthFormat';
export { validatePin } from './validation/validatePin';
export type { PinRequirements } from './validation/validatePin';
export { validatePinPolicy } from './validation/validatePinPolicy';
export type { PinPolicyInput, PinPolicyErrors } from './validation/validatePinPolicy';
export { decodeBase64Url, encodeBase64Url } from './validation/decodeBase64Url';
export { hexToBytes, bytesToHex } from './validation/hexToBytes';
export { isBinaryContent, BINARY_CONTROL_RATIO } from './validation/isBinaryContent';
export { extractCertificateText } from './validation/extractCertificateText';
export type { ExtractedCertificate } from './validation/extractCertificateText';
export { validateFileSize } from './validation/validateFileSize';
export { validateTicketMessage } from './validation/validateTicketMessage';
export { padPassNumber } from './validation/padPassNumber';

// Support tickets (admin-console §3, §4, §7, §9; issue 6)
export {
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  TICKET_PRIORITIES,
  TICKET_TRANSITIONS,
  TICKET_SEARCH_FIELDS,
  TICKET_SEARCH_OPERATORS,
  TICKET_SORT_FIELDS,
  TICKET_METRICS_PERIODS,
  canTransitionTicket,
  nextTicketStatuses,
  metricsPeriodDays,
  metricsWindows,
  ticketTrends,
  round1,
  formatDurationSeconds,
  parseAge,
} from './tickets/tickets';
export type {
  TicketCategory,
  TicketStatus,
  TicketPriority,
  Ticket,
  CreateTicketRequest,
  CreateTicketResponse,
  UpdateTicketRequest,
  BulkUpdateTicketsRequest,
  BulkUpdateTicketsResponse,
  AssignTicketRequest,
  TicketMessage,
  CreateTicketMessageRequest,
  UpdateTicketMessageRequest,
  TicketMessagesResponse,
  TicketSearchField,
  TicketSearchOperator,
  TicketSearchFilter,
  TicketSortField,
  SearchSupportTicketsRequest,
  SearchSupportTicketsResponse,
  TicketMetricsPeriod,
  TicketMetricsPoint,
  TicketMetrics,
} from './tickets/tickets';

// Tenancy configuration (admin-console §2.2 /config/tenancy; signin §3)
export { TENANCY_CONFIG_LIMITS, BANNER_COLOUR_PATTERN, isValidBannerColour, tenancyConfigChanges } from './tenancy-config/tenancyConfig';
export type { TenancyConfig, TenancyConfigField, TenancyConfigPatch } from './tenancy-config/tenancyConfig';

// Temporary passes and smartcard requests (admin-console §2.3, §3, §5, §7, §9; issue 6)
export {
  PASS_TYPES,
  PASS_STATUSES,
  MISPLACED_REASONS,
  PASS_ACTIVATION_STATUSES,
  MAX_PASS_NUMBER,
  normalisePassNumber,
  timeZoneOffsetMs,
  isValidTimeZone,
  dayInTimeZone,
  passValidity,
} from './temporary-passes/temporaryPasses';
export type {
  PassType,
  PassStatus,
  MisplacedReason,
  PassActivationStatus,
  TemporaryPass,
  TemporaryPassLists,
  TemporaryPassAccount,
  PassAvailability,
  AssignPositivePassRequest,
  AssignGuestPassRequest,
  ReturnPassRequest,
  MisplacedPassRequest,
  PassActivationRequest,
  BatchPrintRequest,
  BatchPrintResponse,
  SmartcardRequestRequest,
  SmartcardRequestResponse,
} from './temporary-passes/temporaryPasses';
// Passkeys (signin §4, §9)
export { defaultPasskeyName } from './passkeys/defaultPasskeyName';
export { challengeRefreshDelayMs, challengeRetryDelayMs, CHALLENGE_RETRY_MAX_ATTEMPT, CHALLENGE_RETRY_BASE_MS } from './passkeys/challengeSchedule';

// Working screens and the local security client's address (issue 18)
export { CONSOLE_SCREENS, screensForViewer, areaOfPath } from './console-screens/consoleScreens';
export type { ConsoleScreen, ViewerScreen } from './console-screens/consoleScreens';
export { normaliseAgentUrl, AGENT_URL_INVALID } from './local-agent/localAgent';
export type { CmsClientLocalAddress } from './local-agent/localAgent';
export { PASS_TYPE_LABELS, formatPassTime } from './temporary-passes/passDisplay';
