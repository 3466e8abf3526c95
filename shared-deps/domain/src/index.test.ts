import * as domain from './index';

describe('@tessera/domain exports', () => {
  it('should export exactly the public runtime names', () => {
    expect(Object.keys(domain).sort()).toEqual(
      [
        'AGENT_HOST', 'AGENT_PORT', 'ALL_PERMISSIONS', 'AUTH_TIMEOUT_SECONDS', 'AUTOCOMPLETE_DEBOUNCE_MS', 'AUTOCOMPLETE_FETCH_SIZE',
        'AUTOCOMPLETE_SHOW_SIZE', 'BATCH_PRINT_PING_MS', 'BINARY_CONTROL_RATIO', 'BUILT_AREAS', 'CANVAS_FPS', 'CHUNK_RELOAD_FLAG_KEY',
        'CLID_WAIT_TIMEOUT', 'CLIENT_PING_MS', 'DEFAULT_PIN_MAX_LENGTH', 'DEFAULT_PIN_MIN_LENGTH', 'DEFAULT_SESSION_SECONDS',
        'DEFAULT_SUPPORT_EMAIL', 'DENIED_PATH', 'DOWNLOAD_URL_REVOKE_DELAY_MS', 'DomainError', 'EMPTY_TOAST_STATE', 'ERROR_MESSAGES',
        'GLOBAL_BODIES', 'HOME_PATH', 'KEEP_ALIVE_MAX_SECONDS', 'KEEP_ALIVE_MIN_SECONDS', 'LOGIN_PATH', 'MAX_FILE_SIZE_BYTES', 'MESSAGES',
        'MODAL_BACKDROP_MS', 'MODAL_TRANSITION_MS', 'NEWS_VERSION_DEFAULT', 'PAGES_PER_BLOCK', 'PASSKEY_CHALLENGE_LIFETIME_MS',
        'PBKDF2_ITERATIONS', 'PRODUCT_NAME', 'RESULTS_PER_PAGE', 'ROUTES', 'SEARCH_STALE_MS', 'SECRET_ANSWER_HASH_BITS',
        'SECRET_ANSWER_SALT_BYTES', 'SESSION_COOKIE_NAME', 'STORE_CHECK_WARN_MS', 'TEMP_PASS_NUMBER_WIDTH', 'TICKET_DEFAULT_SORT',
        'TICKET_FILTER_LIMIT', 'TICKET_MESSAGE_MAX_LENGTH', 'TICKET_PAGE_SIZE', 'TOAST_DEFAULT_TIMEOUT_MS', 'TOAST_FORCE_CLOSE_MS',
        'TOAST_HOVER_REMOVE_DELAY_MS', 'TOAST_LOG_SIZE', 'TOAST_POSITION', 'USERNAME_DISALLOWED_CHARACTERS', 'USER_SETTINGS_STORAGE_KEY',
        'WEBAUTHN_CHALLENGE_CONTENT_TYPE', 'WS_NORMAL_CLOSE', 'XSRF_COOKIE_NAME', 'XSRF_HEADER_NAME', 'addToast', 'appNameForArea',
        'buildPermissionObject', 'bytesToHex', 'canViewRoute', 'chunkFailureAction', 'clampInteger', 'decodeBase64Url', 'effectivePermissions',
        'encodeBase64Url', 'extractCertificateText', 'failedToVerifyEmail', 'hexToBytes', 'isBinaryContent', 'isBrowserSupported',
        'isValidSubnet', 'keepAliveIntervalSeconds', 'loginRedirectPath', 'loginThrottled', 'matchRoute', 'menuAreas', 'messageForErrorCode',
        'normalisePermissionObject', 'padPassNumber', 'pinLengthMessage', 'remainingSessionMs', 'removeToast', 'storageKeysToClear',
        'ticketMessagesFailed', 'toastForGlobalError', 'toastRemovesOnHover', 'toastTimeoutMs', 'trimUsername', 'unexpectedErrorMessage', 'withReason',
        'usernameCharacterNotAllowed', 'validateFileSize', 'validateImageDataUrl', 'validateInteger', 'validateMonthFormat', 'validatePin',
        'validateText', 'validateTicketMessage', 'validateUsername',
        // issue 6
        'USER_CSV_COLUMNS', 'USER_CSV_MAX_ROWS', 'csvRowErrorLine',
        'pageBlockEnd',
        'DEFAULT_SEARCH_TYPE', 'SEARCH_FAILED_TOTAL', 'SEARCH_TEXT_MAX_LENGTH', 'FAVOURITES_MAX', 'newSearchState', 'failedSearchState', 'isSearchStale',
        'ipv4ToNumber', 'numberToIpv4', 'isValidIpv4', 'subnetRange', 'isIpInSubnet', 'isValidHostname', 'LOCALE_LEVELS', 'parentLevelOf', 'childLevelOf',
        'MAX_ENDPOINTS_PER_DEVICE', 'ENDPOINT_EXPIRING_DAYS', 'ENDPOINT_SCAN_TIMEOUT_MS', 'ENDPOINT_MESSAGES', 'ENDPOINT_CERTIFICATE_STATUSES', 'endpointInputProblem', 'endpointCertificateStatus',
        'TICKET_CATEGORIES', 'TICKET_STATUSES', 'TICKET_STATUS_LABELS', 'TICKET_PRIORITIES', 'TICKET_TRANSITIONS', 'TICKET_SEARCH_FIELDS',
        'TICKET_SEARCH_OPERATORS', 'TICKET_SORT_FIELDS', 'TICKET_METRICS_PERIODS', 'canTransitionTicket', 'nextTicketStatuses', 'metricsPeriodDays',
        'metricsWindows', 'ticketTrends', 'round1', 'formatDurationSeconds', 'parseAge', 'PASS_TYPES', 'PASS_STATUSES', 'MISPLACED_REASONS',
        'PASS_ACTIVATION_STATUSES', 'MAX_PASS_NUMBER', 'normalisePassNumber', 'timeZoneOffsetMs', 'isValidTimeZone', 'dayInTimeZone', 'passValidity',
        // issue 4
        'defaultPasskeyName', 'passwordRulesHint', 'challengeRefreshDelayMs', 'challengeRetryDelayMs', 'CHALLENGE_RETRY_MAX_ATTEMPT', 'CHALLENGE_RETRY_BASE_MS',
        // issue 6 (tenancy configuration)
        'TENANCY_CONFIG_LIMITS', 'BANNER_COLOUR_PATTERN', 'isValidBannerColour', 'tenancyConfigChanges', 'EMAIL_LINK_LIMITS', 'EMAIL_LINK_TOKEN_PATTERN',
        // issue 5: tenant PIN policy
        'PIN_POLICY_MIN_LENGTH', 'PIN_POLICY_MAX_LENGTH', 'PIN_DESCRIPTION_MAX_LENGTH', 'pinRequirementsDescription', 'validatePinPolicy',
        // issue 10: the PIV card's PIN limit
        'PIV_PIN_LENGTH',
        // issue 15: card templates
        'CARD_KEY_FAMILY', 'CARD_KEY_TYPES', 'CARD_TEMPLATE_LIMITS', 'PIV_SLOTS', 'PIV_SLOT_LABELS', 'validateCardTemplate', 'validateCardTemplateSeed', 'SMARTCARD_STATUSES',
        // issue 16: card layouts
        'CR80_MM', 'CARD_USER_FIELDS', 'CARD_LAYOUT_LIMITS', 'EMPTY_CARD_LAYOUT', 'isCardImageDataUrl', 'validateCardLayout', 'validateCardUserData', 'cardValueOf',
        'CARD_BARCODE_SYMBOLOGIES', 'CARD_BARCODE_MIN_MM', 'BATCH_PROGRESS_EVENT',
        // issue 14: rate-limit rules
        'RATE_LIMIT_EDIT_PERMISSION', 'RATE_LIMIT_WILDCARD', 'RATE_LIMIT_UNLIMITED', 'TENANT_LAYER', 'IP_STAGE', 'GENERAL_STAGE', 'MAX_LAYER',
        'RATE_LIMIT_METHODS', 'RATE_LIMIT_BOUNDS', 'RATE_LIMIT_RULE_DEFAULTS', 'isEndpointPattern', 'endpointMatches', 'compareRuleSpecificity',
        'validateRateLimitConfig', 'ruleIdentity', 'isManagementLayer', 'stageName', 'layerName', 'formatLimit', 'sameManagementLayers', 'MANAGEMENT_LAYERS_FORBIDDEN_MESSAGE',
        // issue 12: PKI
        'CA_KEY_ALGORITHMS', 'CA_STATUSES', 'CERTIFICATE_FORMATS', 'CERTIFICATE_LOAD_STATES', 'CERTIFICATE_MAX_PAGE_SIZE',
        'CERTIFICATE_PAGE_SIZE', 'CERTIFICATE_SORT_FIELDS', 'CERTIFICATE_STATUSES', 'CERTIFICATE_TYPES', 'DEFAULT_SAN_ENTRY',
        'DEFAULT_SUBJECT_ENTRY', 'DEFAULT_VALIDITY_UNIT', 'DNS_NAME_PATTERN', 'EXTENDED_KEY_USAGES', 'EXTENDED_KEY_USAGE_LABELS',
        'EXTENDED_KEY_USAGE_NAMES', 'ISSUABLE_SAN_TYPES', 'KEY_TYPES', 'KEY_USAGES', 'KEY_USAGE_LABELS', 'LINT_SEVERITIES', 'MIN_RSA_BITS',
        'PKI_MESSAGES', 'PKI_PUBLIC_PATHS', 'RENEWAL_MODES', 'REQUEST_OUTCOMES', 'REVOCATION_FETCH_STATES', 'REVOCATION_REASONS', 'REVOCATION_SORT_FIELDS',
        'REVOCATION_STATES', 'REVOKE_REASONS', 'SAN_TYPES', 'SEED_TEMPLATE_FIELDS', 'SUBJECT_FIELDS', 'SUPPORTED_KEY_TYPES',
        'TEMPLATE_ACCESS_LEVELS', 'TEMPLATE_CLASSES', 'TEMPLATE_LIMITS', 'VALIDITY_UNITS', 'addValidity', 'deriveCaStatus', 'formatCertId',
        'keyTypeProblem', 'normaliseTemplate', 'parseCertId', 'parseCsrRules', 'seedEntryChanges', 'seedEntryOf', 'sortTemplatesByOrdering', 'validateSeedFile',
        // issue 12, session 8: other names and hardware module names in certificates
        'HARDWARE_MODULE_NAME_OID', 'HARDWARE_SERIAL_MAX_BYTES', 'OTHER_NAME_MAX_LENGTH', 'OTHER_NAME_TYPES', 'formatOtherName', 'parseHardwareModuleName', 'parseOtherName', 'sanValueProblem',
        // issue 12, session 5 (pki-a): anonymous requests
        'ANONYMOUS_CSR_PATH', 'ANONYMOUS_CSR_RATE_PER_MINUTE',
        // issue 17: ACME and allowed domains
        'ACME_ACCOUNT_STATES', 'ACME_CHALLENGE_TYPES', 'ACME_ORDER_PAGE_SIZE', 'ACME_ORDER_SORT_FIELDS', 'ACME_ORDER_STATES', 'ACME_PATH', 'ACME_RATE_PER_MINUTE', 'ALLOWED_DOMAINS_MAX', 'acmeDirectoryUrl', 'domainPermitted', 'normaliseAllowedDomain',
        // issue 17: the console as an ACME client
        'ACME_CLIENT_STEPS', 'ACME_CLIENT_STEP_STATES', 'ACME_REPLAY_NONCE_SLOTS', 'ACME_CLIENT_MESSAGES', 'initialAcmeClientSteps', 'advanceAcmeClient', 'acmeClientRunState', 'keepNonce', 'takeNonce', 'acmeClientOrderProblem',
        // issue 13: identity
        'ORGANISATION_TYPES', 'ORGANISATION_LIMITS', 'ORGANISATION_MESSAGES', 'checkAbn', 'buildOrganisationTree', 'descendantIds',
        'USER_FIELD_CATEGORIES', 'PROTECTED_USER_FIELDS', 'protectedFieldsChanged', 'DEFAULT_ROLES', 'parseImageDataUrl',
        'DIRECTORY_KINDS', 'DIRECTORY_LIMITS', 'DIRECTORY_SOURCE_LABELS', 'DIRECTORY_URL_PATTERN', 'DIRECTORY_USER_ACTIONS', 'directoryUserFailed',
        'directoryUserSucceeded', 'ldapSyncFailed', 'directoryUrlProblem',
        // issue 11: API keys
        'API_KEY_PERMISSIONS', 'API_KEY_UNGRANTABLE_PERMISSIONS', 'API_KEY_LIMITS', 'API_KEY_EXPIRY_CHOICES', 'API_KEY_PREFIX', 'parseApiKey',
        'formatApiKey', 'apiKeyNameProblem', 'parseApiKeyExpiry', 'apiKeyExpiryProblem', 'apiKeyPermissionProblem', 'apiKeyPermissionMessage',
        'grantableApiKeyPermissions', 'isApiKeyExpired',
        // issue 18: grant rules
        'canGrant', 'permissionsNotHeld', 'permissionsOfRoles', 'roleEditPermissions', 'roleIdsChanged', 'permissionsNotHeldMessage',
        // issue 18: working screens, local security client address
        'CONSOLE_SCREENS', 'screensForViewer', 'areaOfPath', 'normaliseAgentUrl', 'AGENT_URL_INVALID', 'PASS_TYPE_LABELS', 'formatPassTime',
        // issue 12: decoding a certificate, CSR or CRL
        'PEM_LABELS', 'findDecodeBlocks', 'kindOfPemLabel', 'pemOf',
        // issue 15: secret questions
        'SECURITY_QUESTIONS', 'WRITE_YOUR_OWN_QUESTION', 'SECRET_QUESTIONS_COUNT', 'SECRET_QUESTION_MAX_LENGTH', 'SECRET_ANSWER_MIN_LENGTH',
        'SECRET_ANSWER_MAX_LENGTH', 'SECRET_QUESTIONS_VERSION', 'SECRET_SALT_HEX_LENGTH', 'SECRET_ANSWER_HASH_HEX_LENGTH', 'questionText',
        'validateSecretQuestions', 'pbkdf2Hex', 'hashSecretAnswer', 'hashSecretAnswers', 'newClientSalt', 'buildSecretQuestionSet',
        // issue 17: SCEP, Intune, EST
        'SCEP_PATH_PREFIX', 'EST_PATH_PREFIX', 'ENROLMENT_MAX_BODY_BYTES', 'ENROLMENT_RATE_PER_MINUTE', 'SCEP_CHALLENGE_DEFAULT_MINUTES',
        'SCEP_CHALLENGE_MAX_MINUTES', 'SCEP_CHALLENGE_PAGE_SIZE', 'retrieveScepChallengePath', 'scepUrl', 'estUrl', 'ENROLMENT_MESSAGES',
        'INTUNE_DEFAULTS',
        // issue 16: applet catalogue
        'APPLET_LIMITS', 'APPLET_MESSAGES', 'APPLET_SORT_KEYS', 'validateAppletFields', 'validateCardCount', 'formatAid',
        // issue 15 (session 6): the card list, suspension
        'SMARTCARD_SORT_KEYS', 'SMARTCARD_LIST_PAGE_SIZE_MAX', 'SUSPENDABLE_STATUSES', 'SUSPENSION_REASON_MAX_LENGTH',
        'SUSPENSION_SORT_KEYS', 'SUSPENSION_LIST_PAGE_SIZE_MAX', 'CARD_REPORT_EXPIRY_WINDOWS', 'CARD_REPORT_WEEKS', 'weekStartOf', 'countPerWeek', 'expiringCardsCsv',
        // issue 16: card batches
        'BATCH_CARD_STATES', 'BATCH_STATES', 'BATCH_LIMITS', 'BATCH_MESSAGES', 'BATCH_CSV_COLUMNS', 'BATCH_USERS_CSV_COLUMNS', 'validateBatchUsers', 'batchStateOf', 'cardNeedsWork', 'spreadsheetSafe',
        // issue 15 (session 7): card passphrases
        'allowsPassphrase', 'validatePassphrase',
        // issue 15: temporary cards, VSC, cloud HSM config
        'TEMPORARY_CARD_CONFIGURATION_FALLBACK', 'TEMPORARY_CARD_MAX_DAYS', 'TEMPORARY_CARD_EXTENSIONS', 'TEMPORARY_CARD_MESSAGES', 'REPLACEABLE_STATUSES', 'isTemporaryCard', 'cardsReplaceableByTemporary', 'validateTemporaryDuration', 'temporaryValidityDays', 'temporaryCardExpiry', 'isTemporaryCardExpired', 'validateTemporaryExpiry', 'VSC_CARD_TYPE', 'VSC_READER_PREFIX', 'VSC_MESSAGES', 'CLOUD_HSM_LIMITS', 'CLOUD_HSM_MESSAGES', 'validateCloudHsmConfig',
        // issue 15 (session 8): self-service cards
        'SELF_CARD_REQUEST_REASON_MAX', 'SELF_CARD_MESSAGES',
        // issue 15 (session 8): card stock
        'STOCK_STATES', 'STOCK_MOVES', 'STOCK_TRANSITIONS', 'STOCK_LIMITS', 'STOCK_CSV_COLUMNS', 'STOCK_SERIAL_PATTERN', 'STOCK_MESSAGES', 'STOCK_MOVE_PAST', 'STOCK_AVAILABLE_STATES', 'stockStateLabel', 'canMoveStock', 'nextStockState', 'isLowStock', 'validateStockThreshold', 'validateStockReason', 'validateStockSerial', 'normaliseStockSerial', 'stockProblemLine', 'validateStockCsv', 'STOCK_UNUSED_CARD_NUMBER_FAILED', 'STOCK_SORT_KEYS', 'STOCK_MANUAL_MOVES', 'stockCountOf',
        'CARD_REQUEST_STATUSES', 'CARD_REQUEST_CLOSED_STATUSES', 'CARD_REQUEST_MESSAGES', 'cardRequestDetails',
      ].sort(),
    );
  });

  it('should keep the names of docs/platform-contracts.md', () => {
    const contract = [
      'ROUTES', 'BUILT_AREAS', 'appNameForArea', 'matchRoute', 'HOME_PATH', 'normalisePermissionObject', 'canViewRoute', 'effectivePermissions',
      'ALL_PERMISSIONS', 'buildPermissionObject', 'loginRedirectPath', 'RESULTS_PER_PAGE', 'PAGES_PER_BLOCK', 'MAX_FILE_SIZE_BYTES',
      'PBKDF2_ITERATIONS', 'TOAST_DEFAULT_TIMEOUT_MS', 'TOAST_FORCE_CLOSE_MS', 'TOAST_HOVER_REMOVE_DELAY_MS', 'TOAST_LOG_SIZE',
      'CLIENT_PING_MS', 'AGENT_PORT', 'WS_NORMAL_CLOSE', 'SEARCH_STALE_MS', 'USER_SETTINGS_STORAGE_KEY', 'DEFAULT_SUPPORT_EMAIL',
      'NEWS_VERSION_DEFAULT', 'PRODUCT_NAME', 'MESSAGES', 'toastTimeoutMs', 'toastRemovesOnHover', 'addToast', 'removeToast',
      'validateUsername', 'trimUsername', 'validateText', 'validateInteger', 'clampInteger', 'isValidSubnet', 'validateImageDataUrl',
      'validateMonthFormat', 'validatePin', 'decodeBase64Url', 'hexToBytes', 'isBinaryContent', 'isBrowserSupported', 'chunkFailureAction',
      'storageKeysToClear', 'keepAliveIntervalSeconds', 'GLOBAL_BODIES',
    ];
    for (const name of contract) expect(domain).toHaveProperty(name);
    expect(domain.MESSAGES).toMatchObject({
      INVALID_CREDENTIALS: 'Check Username and Password',
      PAGE_NOT_FOUND: expect.any(String),
      NO_ROUTE_MATCHES: expect.any(String),
      UNEXPECTED_ERROR_TITLE: expect.any(String),
      unexpectedErrorMessage: expect.any(Function),
      TOO_MANY_REQUESTS_TITLE: expect.any(String),
      TOO_MANY_REQUESTS_BODY: expect.any(String),
      AUDIT_OFFLINE_TITLE: expect.any(String),
      AUDIT_OFFLINE_BODY: expect.any(String),
      CHUNKS_FAILED: expect.any(String),
      OUTDATED_BROWSER: expect.any(String),
      WELCOME_NEWS: expect.any(String),
    });
    expect(domain.PBKDF2_ITERATIONS).toBe(100);
    expect(domain.USER_SETTINGS_STORAGE_KEY).toBe('tessera.userSettings');
    expect(domain.NEWS_VERSION_DEFAULT).toBe('5');
    expect(domain.PRODUCT_NAME).toBe('Tessera');
  });
});
