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
} from './auth/session';

// Wire contract
export { GLOBAL_BODIES } from './common/api-types';
export type * from './common/api-types';
export type * from './auth/auth.types';
export type * from './identity/identity.types';
export type * from './smartcards/smartcards.types';
export type * from './monitoring/monitoring.types';

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
} from './common/routes';
export type { Area, RouteAccess, RouteDef, RouteMatch } from './common/routes';

// Permissions (signin §3, §6; admin-console §6)
export { ALL_PERMISSIONS, effectivePermissions, normalisePermissionObject, buildPermissionObject, menuAreas } from './identity/permissions';
export type { RolePermissions } from './identity/permissions';
// Grant rules (issue 18): nobody grants what they do not hold
export { canGrant, permissionsNotHeld, permissionsOfRoles, roleEditPermissions, roleIdsChanged } from './identity/grants';

// Platform constants (signin §9, admin-console §9)
export {
  RESULTS_PER_PAGE,
  PAGES_PER_BLOCK,
  MAX_FILE_SIZE_BYTES,
  TOAST_DEFAULT_TIMEOUT_MS,
  TOAST_FORCE_CLOSE_MS,
  TOAST_HOVER_REMOVE_DELAY_MS,
  TOAST_LOG_SIZE,
  TOAST_POSITION,
  WS_NORMAL_CLOSE,
  SEARCH_STALE_MS,
  AUTOCOMPLETE_FETCH_SIZE,
  AUTOCOMPLETE_SHOW_SIZE,
  AUTOCOMPLETE_DEBOUNCE_MS,
  DOWNLOAD_URL_REVOKE_DELAY_MS,
  MODAL_TRANSITION_MS,
  MODAL_BACKDROP_MS,
  CANVAS_FPS,
  STORE_CHECK_WARN_MS,
  USER_SETTINGS_STORAGE_KEY,
  CHUNK_RELOAD_FLAG_KEY,
  DEFAULT_SUPPORT_EMAIL,
  NEWS_VERSION_DEFAULT,
  PRODUCT_NAME,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
} from './common/constants';

// Sign-in constants (signin §4, §7, §9)
export {
  PBKDF2_ITERATIONS,
  SECRET_ANSWER_SALT_BYTES,
  SECRET_ANSWER_HASH_BITS,
  PASSKEY_CHALLENGE_LIFETIME_MS,
  SESSION_COOKIE_NAME,
  WEBAUTHN_CHALLENGE_CONTENT_TYPE,
} from './auth/constants';

// Smartcard constants (signin §5, §9; admin-console §5, §9)
export {
  CLIENT_PING_MS,
  BATCH_PRINT_PING_MS,
  CLID_WAIT_TIMEOUT,
  AGENT_PORT,
  AGENT_HOST,
  DEFAULT_PIN_MIN_LENGTH,
  DEFAULT_PIN_MAX_LENGTH,
  PIV_PIN_LENGTH,
  PIN_POLICY_MIN_LENGTH,
  PIN_POLICY_MAX_LENGTH,
  PIN_DESCRIPTION_MAX_LENGTH,
  TEMP_PASS_NUMBER_WIDTH,
} from './smartcards/constants';

// Ticket constants (admin-console §5, §9)
export {
  TICKET_MESSAGE_MAX_LENGTH,
  TICKET_PAGE_SIZE,
  TICKET_DEFAULT_SORT,
  TICKET_FILTER_LIMIT,
} from './tickets/constants';

// Texts
export {
  MESSAGES,
  ERROR_MESSAGES,
  messageForErrorCode,
  unexpectedErrorMessage,
  withReason,
  usernameCharacterNotAllowed,
  permissionsNotHeldMessage,
  ticketMessagesFailed,
  failedToVerifyEmail,
  loginThrottled,
  pinLengthMessage,
  pinRequirementsDescription,
  passwordRulesHint,
} from './messages';

// Errors
export { DomainError } from './common/errors';
export type { DomainErrorCode } from './common/errors';

// Toast rules (signin §9)
export { EMPTY_TOAST_STATE, toastTimeoutMs, toastRemovesOnHover, addToast, removeToast, toastForGlobalError } from './common/toasts';
export type { ToastKind, ToastInput, Toast, ToastState } from './common/toasts';

// Boot rules (signin §2)
export { isBrowserSupported, chunkFailureAction, storageKeysToClear } from './common/boot';
export type { BrowserFeatures } from './common/boot';

// Validation (admin-console §5, signin §5)
export { validateUsername, trimUsername, USERNAME_DISALLOWED_CHARACTERS } from './identity/validateUsername';
export {
  ORGANISATION_TYPES,
  ORGANISATION_LIMITS,
  ORGANISATION_MESSAGES,
  checkAbn,
  buildOrganisationTree,
  descendantIds,
} from './identity/organisations/organisations';
export type { OrganisationType, BusinessNumberCheck, OrganisationTreeNode } from './identity/organisations/organisations';
export {
  DIRECTORY_KINDS,
  DIRECTORY_LIMITS,
  DIRECTORY_SOURCE_LABELS,
  DIRECTORY_URL_PATTERN,
  directoryUrlProblem,
  DIRECTORY_USER_ACTIONS,
  directoryUserFailed,
  directoryUserSucceeded,
  ldapSyncFailed,
} from './identity/directory/directory';
export type { DirectoryConnectionView, DirectoryKind, DirectorySource, DirectorySyncChange, DirectorySyncResult, DirectoryUser, DirectoryUserAction } from './identity/directory/directory';
export { DEFAULT_ROLES } from './identity/defaultRoles';
export type { DefaultRole } from './identity/defaultRoles';
export { USER_FIELD_CATEGORIES, PROTECTED_USER_FIELDS, protectedFieldsChanged } from './identity/users/userFields';
export type { UserFieldCategory } from './identity/users/userFields';
export type { ValidateUsernameOptions } from './identity/validateUsername';
export { isValidSubnet } from './common/validation/isValidSubnet';
export { validateText } from './common/validation/validateText';
export type { ValidateTextOptions } from './common/validation/validateText';
export { validateInteger } from './common/validation/validateInteger';
export type { ValidateIntegerOptions } from './common/validation/validateInteger';
export { clampInteger } from './common/validation/clampInteger';
export { validateImageDataUrl, parseImageDataUrl } from './common/validation/validateImageDataUrl';
export { validateMonthFormat } from './common/validation/validateMonthFormat';
export { validatePin } from './smartcards/validatePin';
export type { PinRequirements } from './smartcards/validatePin';
export { validatePinPolicy } from './smartcards/validatePinPolicy';
export type { PinPolicyInput, PinPolicyErrors } from './smartcards/validatePinPolicy';
export { decodeBase64Url, encodeBase64Url } from './common/validation/decodeBase64Url';
export { hexToBytes, bytesToHex } from './common/validation/hexToBytes';
export { isBinaryContent, BINARY_CONTROL_RATIO } from './common/validation/isBinaryContent';
export { extractCertificateText } from './common/validation/extractCertificateText';
export type { ExtractedCertificate } from './common/validation/extractCertificateText';
export { validateFileSize } from './common/validation/validateFileSize';
export { validateTicketMessage } from './tickets/validateTicketMessage';
export { padPassNumber } from './smartcards/temporary-passes/padPassNumber';

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
export { TENANCY_CONFIG_LIMITS, BANNER_COLOUR_PATTERN, isValidBannerColour, tenancyConfigChanges } from './identity/tenancy-config/tenancyConfig';
export type { TenancyConfig, TenancyConfigField, TenancyConfigPatch, TenancyConfigSwitch } from './identity/tenancy-config/tenancyConfig';
export { EMAIL_LINK_LIMITS, EMAIL_LINK_TOKEN_PATTERN } from './identity/registration';

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
} from './smartcards/temporary-passes/temporaryPasses';
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
} from './smartcards/temporary-passes/temporaryPasses';
// Passkeys (signin §4, §9)
export { defaultPasskeyName } from './auth/passkeys/defaultPasskeyName';
export { challengeRefreshDelayMs, challengeRetryDelayMs, CHALLENGE_RETRY_MAX_ATTEMPT, CHALLENGE_RETRY_BASE_MS } from './auth/passkeys/challengeSchedule';

// API keys (admin-console §2.2 /apikey/manage; issue 11)
export {
  API_KEY_PERMISSIONS,
  API_KEY_UNGRANTABLE_PERMISSIONS,
  API_KEY_LIMITS,
  API_KEY_EXPIRY_CHOICES,
  API_KEY_PREFIX,
  parseApiKey,
  formatApiKey,
  apiKeyNameProblem,
  parseApiKeyExpiry,
  apiKeyExpiryProblem,
  apiKeyPermissionProblem,
  apiKeyPermissionMessage,
  grantableApiKeyPermissions,
  isApiKeyExpired,
} from './apikeys/apiKeys';
export type { ApiKey, ApiKeyParts, ApiKeyPermissionCheck, ApiKeyPermissionProblem, CreateApiKeyRequest, CreatedApiKey } from './apikeys/apiKeys';

// Working screens and the local security client's address (issue 18)
export { CONSOLE_SCREENS, screensForViewer, areaOfPath } from './common/console-screens/consoleScreens';
export type { ConsoleScreen, ViewerScreen } from './common/console-screens/consoleScreens';
export { normaliseAgentUrl, AGENT_URL_INVALID } from './smartcards/local-agent/localAgent';
export type { CmsClientLocalAddress } from './smartcards/local-agent/localAgent';
export { PASS_TYPE_LABELS, formatPassTime } from './smartcards/temporary-passes/passDisplay';

// Card templates (issue 15)
export { PIV_SLOTS, PIV_SLOT_LABELS, CARD_KEY_TYPES, CARD_KEY_FAMILY, CARD_TEMPLATE_LIMITS, validateCardTemplate, validateCardTemplateSeed } from './smartcards/card-templates/cardTemplates';
export type {
  PivSlotName,
  CardKeyType,
  CardTemplateSlotInput,
  CardTemplatePinInput,
  CardTemplateInput,
  CardTemplateSlot,
  CardTemplatePin,
  NormalisedCardTemplate,
  CardTemplateProblem,
  CardTemplateCheck,
  CardTemplate,
  CardTemplateSeedResult,
} from './smartcards/card-templates/cardTemplates';
export { SMARTCARD_STATUSES, SMARTCARD_SORT_KEYS, SMARTCARD_LIST_PAGE_SIZE_MAX, SUSPENDABLE_STATUSES, SUSPENSION_REASON_MAX_LENGTH } from './smartcards/cards/cards';
export type { SmartcardStatus, SmartcardCertificate, Smartcard, CardId, IssueCardRequest, SmartcardSortKey, SmartcardListQuery } from './smartcards/cards/cards';
export { SUSPENSION_SORT_KEYS, SUSPENSION_LIST_PAGE_SIZE_MAX, CARD_REPORT_EXPIRY_WINDOWS, CARD_REPORT_WEEKS, weekStartOf, countPerWeek, expiringCardsCsv } from './smartcards/cards/card-reports';
export type { SuspensionSortKey, SuspendedCard, SuspensionListQuery, ExpiringCard, CardReport } from './smartcards/cards/card-reports';
export {
  RATE_LIMIT_EDIT_PERMISSION,
  RATE_LIMIT_WILDCARD,
  RATE_LIMIT_UNLIMITED,
  TENANT_LAYER,
  IP_STAGE,
  GENERAL_STAGE,
  MAX_LAYER,
  RATE_LIMIT_METHODS,
  RATE_LIMIT_BOUNDS,
  RATE_LIMIT_RULE_DEFAULTS,
  isEndpointPattern,
  endpointMatches,
  compareRuleSpecificity,
  validateRateLimitConfig,
  ruleIdentity,
  isManagementLayer,
  stageName,
  layerName,
  formatLimit,
  sameManagementLayers,
  MANAGEMENT_LAYERS_FORBIDDEN_MESSAGE,
} from './ratelimits/rateLimits';
export type { RateLimitRule, LayerRules, RateLimitConfig, RateLimitMinute, RateLimitRuleStatus, RateLimitStatus, RateLimitConfigProblem, RateLimitConfigCheck } from './ratelimits/rateLimits';

// Devices, subnets and locales (admin-console §3, §5; issue 13)
export { ipv4ToNumber, numberToIpv4, isValidIpv4, subnetRange, isIpInSubnet, isValidHostname } from './devices/ipv4';
export type { SubnetRange } from './devices/ipv4';
export { LOCALE_LEVELS, parentLevelOf, childLevelOf } from './devices/locales';
export type { LocaleLevel } from './devices/locales';
export type * from './devices/devices.types';
export { MAX_ENDPOINTS_PER_DEVICE, ENDPOINT_EXPIRING_DAYS, ENDPOINT_SCAN_TIMEOUT_MS, ENDPOINT_MESSAGES, ENDPOINT_CERTIFICATE_STATUSES, endpointInputProblem, endpointCertificateStatus } from './devices/endpoints';
export type { EndpointCertificateStatus, DeviceEndpoint, DeviceEndpointInput } from './devices/endpoints';

// Search and favourites (admin-console §2.2 /search, §4, §7; issue 13)
export {
  DEFAULT_SEARCH_TYPE,
  SEARCH_FAILED_TOTAL,
  SEARCH_TEXT_MAX_LENGTH,
  FAVOURITES_MAX,
  newSearchState,
  failedSearchState,
  isSearchStale,
  pageBlockEnd,
} from './search/search';
export type { SearchHit, SearchResponse, SearchFavourite, SearchState } from './search/search';

// Users CSV import and export (issue 13)
export { USER_CSV_COLUMNS, USER_CSV_MAX_ROWS, csvRowErrorLine } from './import/usersCsv';
export type { UserCsvColumn, UsersImportResult } from './import/usersCsv';

// Certificates and PKI (admin-console §2.2, §3, §4, §5, §7; issue 12)
export * from './pki';

// Decoding a certificate, CSR or CRL (admin-console §2.2 /admin/certificate/decodepem, §8; signin §5; issue 12)
export { PEM_LABELS, findDecodeBlocks, kindOfPemLabel, pemOf } from './pki/decode';
export type {
  DecodedKind,
  DecodeFormat,
  DecodePemRequest,
  DecodePemResponse,
  DecodedField,
  DecodedExtension,
  DecodedRevokedEntry,
  DecodedObject,
  DecodeBlock,
  DecodeInput,
  DecodeInputProblem,
} from './pki/decode';

// Secret questions and self-service PIN reset (signin §3, §5, §9; issue 15)
export {
  SECURITY_QUESTIONS,
  WRITE_YOUR_OWN_QUESTION,
  SECRET_QUESTIONS_COUNT,
  SECRET_QUESTION_MAX_LENGTH,
  SECRET_ANSWER_MIN_LENGTH,
  SECRET_ANSWER_MAX_LENGTH,
  SECRET_QUESTIONS_VERSION,
  SECRET_SALT_HEX_LENGTH,
  SECRET_ANSWER_HASH_HEX_LENGTH,
  questionText,
  validateSecretQuestions,
  pbkdf2Hex,
  hashSecretAnswer,
  hashSecretAnswers,
  newClientSalt,
  buildSecretQuestionSet,
} from './smartcards/secret-questions/secretQuestions';
export type { SecretQuestionInput, SecretQuestionErrors, SecretQuestionForm, HashSecretAnswerOptions } from './smartcards/secret-questions/secretQuestions';
// Card layouts (issue 16)
export { CARD_BARCODE_SYMBOLOGIES, CARD_BARCODE_MIN_MM } from './smartcards/card-layouts/cardLayout';
export type { CardBarcodeElement, CardBarcodeSymbology } from './smartcards/card-layouts/cardLayout';
export { CR80_MM, CARD_USER_FIELDS, CARD_LAYOUT_LIMITS, EMPTY_CARD_LAYOUT, isCardImageDataUrl, validateCardLayout, validateCardUserData, cardValueOf } from './smartcards/card-layouts/cardLayout';
export type { CardUserField, CardValueSource, CardTextElement, CardPhotoElement, CardQrElement, CardLayoutElement, CardLayoutSide, CardLayout, CardUserData, CardLayoutProblem, CardLayoutCheck } from './smartcards/card-layouts/cardLayout';
export * from './enrolment/scep';
export { APPLET_LIMITS, APPLET_MESSAGES, APPLET_SORT_KEYS, validateAppletFields, validateCardCount, formatAid } from './smartcards/applets/applets';
export type { SmartcardApplet, AppletUploadCard, AppletUploadResult, AppletFields, AppletProblem, AppletSortKey } from './smartcards/applets/applets';

// ACME and allowed domains (issue 17)
export * from './acme';
export { BATCH_PROGRESS_EVENT } from './smartcards/batches/batches';
export { BATCH_CARD_STATES, BATCH_STATES, BATCH_LIMITS, BATCH_MESSAGES, BATCH_CSV_COLUMNS, BATCH_USERS_CSV_COLUMNS, validateBatchUsers, batchStateOf, cardNeedsWork, spreadsheetSafe } from './smartcards/batches/batches';
export type { BatchCardState, BatchState, BatchUserInput, BatchCard, Batch, BatchSummary, PrintBatchResult, BatchProblem } from './smartcards/batches/batches';
export { allowsPassphrase, validatePassphrase } from './smartcards/validatePassphrase';
// issue 15: temporary cards, virtual smart cards, cloud HSM config
export { TEMPORARY_CARD_CONFIGURATION_FALLBACK, TEMPORARY_CARD_MAX_DAYS, TEMPORARY_CARD_EXTENSIONS, TEMPORARY_CARD_MESSAGES, REPLACEABLE_STATUSES, isTemporaryCard, cardsReplaceableByTemporary, validateTemporaryDuration, temporaryValidityDays, temporaryCardExpiry, isTemporaryCardExpired, validateTemporaryExpiry } from './smartcards/temporary-cards/temporaryCards';
export type { TemporaryCardConfiguration, IssueTemporaryCardRequest, AssignTemporaryCardRequest, UpdateSmartcardExpiryRequest } from './smartcards/temporary-cards/temporaryCards';
export { VSC_CARD_TYPE, VSC_READER_PREFIX, VSC_MESSAGES } from './smartcards/vsc/vsc';
export type { IssueVscRequest } from './smartcards/vsc/vsc';
export { CLOUD_HSM_LIMITS, CLOUD_HSM_MESSAGES, validateCloudHsmConfig } from './smartcards/cloud-hsm/cloudHsm';
export type { CloudHsmConfig, CloudHsmConfigInput, HsmAuthenticationState } from './smartcards/cloud-hsm/cloudHsm';
export { SELF_CARD_REQUEST_REASON_MAX, SELF_CARD_MESSAGES } from './smartcards/self-service/selfService';
export type { SelfCardPicture, SelfCardRequest, SelfCardTemplate, SelfSmartcard } from './smartcards/self-service/selfService';
export { STOCK_STATES, STOCK_MOVES, STOCK_TRANSITIONS, STOCK_LIMITS, STOCK_CSV_COLUMNS, STOCK_SERIAL_PATTERN, STOCK_MESSAGES, STOCK_MOVE_PAST, STOCK_AVAILABLE_STATES, stockStateLabel, canMoveStock, nextStockState, isLowStock, validateStockThreshold, validateStockReason, validateStockSerial, normaliseStockSerial, stockProblemLine, validateStockCsv, STOCK_UNUSED_CARD_NUMBER_FAILED, STOCK_SORT_KEYS, STOCK_MANUAL_MOVES, stockCountOf } from './smartcards/stock/stock';
export type { StockState, StockMove, StockRow, StockProblem, StockItem, StockCount, StockSortKey, StockManualMove, StockListQuery, StockPage, StockCounts, StockReceiveRequest, StockReceiveResult } from './smartcards/stock/stock';

// issue 15 (session 8): the operators' list of smartcard requests
export { CARD_REQUEST_STATUSES, CARD_REQUEST_CLOSED_STATUSES, CARD_REQUEST_MESSAGES, cardRequestDetails } from './smartcards/card-requests/cardRequests';
export type { CardRequestStatus, CardRequestEntry, ListCardRequestsQuery, ListCardRequestsResponse } from './smartcards/card-requests/cardRequests';
