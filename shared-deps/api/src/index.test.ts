import * as api from './index';

describe('@tessera/api exports', () => {
  it('should export exactly the public runtime names', () => {
    expect(Object.keys(api).sort()).toEqual(
      ['ApiError', 'GLOBAL_ERROR_CODES', 'XSRF_PATH', 'browserXsrfToken', 'createApiClient', 'createCookieFetch', 'createMemoryCookieJar', 'errorFromResponse', 'isApiError', 'parseSetCookie', 'toFailure'].sort(),
    );
  });
  it('should give a client with every call of docs/platform-contracts.md', () => {
    const client = api.createApiClient({ fetch: (() => Promise.reject(new Error('unused'))) as typeof fetch });
    const calls = [
      'getXsrf', 'bootstrapStatus', 'bootstrap', 'login', 'checkSession', 'refreshSession', 'logout', 'anonymousSession', 'disclaimer', 'getViewer',
      'legacyLogout', 'version', 'news', 'listUsers', 'getUser', 'createUser', 'updateUser', 'listRoles', 'getRole', 'createRole', 'updateRole', 'listAuditEvents',
      // issue 6
      'getTicket', 'createTicket', 'updateTicket', 'bulkUpdateTickets', 'assignTicketToUser', 'searchTicketMessages', 'createTicketMessage',
      'updateTicketMessage', 'deleteTicketMessage', 'searchSupportTickets', 'supportTicketMetrics', 'ticketNotifications', 'listTemporaryPasses',
      'temporaryPassAccounts', 'temporaryPassesOfUser', 'temporaryPassAvailability', 'assignPositivePass', 'assignGuestPass', 'returnTemporaryPass',
      'misplacedTemporaryPass', 'temporaryPassActivation', 'batchPrintTemporaryPasses', 'smartcardRequest', 'listSmartcardRequests', 'closeSmartcardRequest',
      // issue 4
      'totpAuth', 'mfaStatus', 'mfaEnrol', 'mfaConfirm', 'mfaDisable', 'mfaRecoveryCodes', 'userMfaStatus', 'resetUserMfa', 'setTenantMfaPolicy',
      'prepareFido2Registration', 'finishFido2Registration', 'listFido2RegisteredCredentials', 'renameFido2RegisteredCredential', 'deleteFido2RegisteredCredential',
      'prepareFido2Authentication', 'finishFido2Authentication', 'getFido2SyncedCredential', 'markFido2SyncedCredentialForDeletion', 'renameFido2SyncedCredential',
      'deleteFido2SyncedCredential', 'passwordConfig', 'changePassword', 'forgotPassword', 'validateResetToken', 'resetPassword',
      'cmsClientGrpcConfig', 'cmsClientLocalAddress', 'cmsClientSessionToken', 'pingClient', 'listReaders', 'anonymousListReaders', 'getReader', 'getPinRequirements', 'validatePin', 'killCmsSession',
      // issue 17: the console as an ACME client (le/upload)
      'listAcmeClientDomains', 'startAcmeClientOrder', 'getAcmeClientOrder',
      // issue 15: smartcard sign-in, passphrases, the card's certificate store
      'authSmartcardPin', 'authSmartcardPassphrase', 'changePassphrase', 'resetPinPassphrase', 'readCertStore', 'cardDetails',
      // issue 15: temporary cards, VSC, cloud HSM
      'temporaryCardConfiguration', 'updateTemporaryCardConfiguration', 'issueTemporaryCard', 'assignTemporaryCard', 'updateSmartcardExpiry', 'temporarilyReplacedBy', 'temporarilyReplaces', 'temporaryCardCandidates', 'issueVsc', 'getCloudHsmConfig', 'listCloudHsmConfigs', 'addCloudHsmConfig', 'updateCloudHsmConfig', 'deleteCloudHsmConfig', 'authenticateHsm',
      // issue 6 (tenancy configuration)
      'tenancyConfig', 'updateTenancyConfig',
      // issue 5: tenant PIN policy
      'pinRequirementsConfig', 'updatePinRequirementsConfig', 'resetPinRequirementsConfig',
      // issue 11: API keys
      'listApiKeys', 'createApiKey', 'revokeApiKey',
      // issue 13: self-registration and account activation
      'registrationConfig', 'verifyRegistrationEmail', 'validateEmailLink', 'finishRegistration', 'sendActivationEmail', 'activateAccount',
      // issue 14: rate-limit rules
      'getRateLimitConfig', 'putRateLimitConfig', 'getRateLimitStatus',
      // issue 13: users CSV, search and favourites, devices, locales
      'importUsers', 'exportUsers', 'searchTypes', 'search', 'getFavourites', 'setFavourites', 'removeFavourite', 'listDevices', 'createDevice',
      'batchDevices', 'listSubnets', 'createSubnet', 'listLocales', 'createLocale',
      // issue 13: the identity screens' devices, ipam, locales, visits and LDAP sync calls
      'submitUserKeyRequest',
      'submitDeviceKeyRequest',
      'getDevice', 'updateDevice', 'cloneDevice', 'deleteSubnet', 'subnetIps', 'renameLocale', 'deleteLocale', 'getVisit', 'createVisit', 'directoryConnection', 'ldapSync',
      'listDeviceEndpoints', 'createDeviceEndpoint', 'updateDeviceEndpoint', 'deleteDeviceEndpoint', 'scanDeviceEndpoint', 'deviceEndpointMap', 'certificateEndpoints',
      // issue 12: decoding a certificate, CSR or CRL
      'decodePem',
      // issue 12: PKI and certificates
      'listCertificateAuthorities', 'getCertificateAuthority', 'createCertificateAuthority', 'importCertificateAuthority', 'updateCaLicensing',
      'listCertificateTemplates', 'getCertificateTemplate', 'createCertificateTemplate', 'updateCertificateTemplate', 'deleteCertificateTemplate', 'seedCertificateTemplates',
      'getTemplateOrdering', 'setTemplateOrdering', 'getDnsNamePattern', 'submitDeviceCsr', 'submitUserCsr', 'certificateRequestStatusByRequestId',
      'certificateRequestStatus', 'listCertificateRequests', 'approveCertificateRequest', 'searchCertificates', 'getCertificate', 'getCertificateInfo',
      'downloadCertificate', 'uploadCertificate', 'revokeCertificate', 'listRevocations', 'approveRevocation', 'cancelRevocation',
      // issue 13: users delete, organisations
      'deleteUser', 'listOrganisations', 'getOrganisation', 'createOrganisation', 'updateOrganisation', 'organisationTypes', 'organisationParents',
      'organisationTree', 'getOrganisationPermissions', 'setOrganisationPermissions', 'verifyBusinessNumber', 'setUserPhoto', 'getUserPhoto', 'deleteUserPhoto',
      'listSponsors', 'getSponsor', 'createSponsor', 'updateSponsor', 'sponsoredUsers', 'decideSponsoredUser',
      // issue 15: card templates
      'listCardTemplates', 'getCardTemplate', 'createCardTemplate', 'updateCardTemplate', 'deleteCardTemplate', 'seedCardTemplates',
      'issueCard', 'getSmartcard', 'listSmartcards', 'changeCardPin', 'unblockCard', 'revokeCard', 'cleanCard', 'registerCard', 'unregisterCard', 'assignCard', 'unassignCard',
      'listApplets', 'getApplet', 'addApplet', 'updateApplet', 'deleteApplet', 'batchAppletUpload',
      'addBatch', 'printBatch', 'listBatches', 'batchPrintStatus', 'downloadBatchFile', 'deactivatePrintedCard',
      // issue 15: secret questions and PIN reset
      'getSecretQuestions', 'firstTimeSecretQuestionsSet', 'requestSecretQuestionsReset', 'secretQuestionsValidateLink', 'secretQuestionsReset',
      'cardSecretQuestions', 'resetPinQA',
      // issue 16: card layouts and printers
      'getCardLayout', 'saveCardLayout', 'cardLayoutCompressed', 'cardLayoutCompressedUserData', 'printerListPrinters', 'printerInsertCard', 'printerEjectCard', 'printerCardPrint',
      // issue 17: SCEP challenges and Intune settings
      'listScepChallenges', 'createScepChallenge', 'retrieveScepChallenge', 'getIntuneScepConfig', 'saveIntuneScepConfig',
      // issue 17: ACME and allowed domains
      'listAllowedDomains', 'addAllowedDomain', 'deleteAllowedDomain', 'listAcmeConfigurations', 'setAcmeConfiguration', 'createAcmeEabKey', 'listAcmeOrders',
      // issue 15 (session 6): suspend, resume, reissue
      'suspendCard', 'resumeCard', 'reissueCard', 'updateSmartcard', 'listSuspendedCards', 'getCardReport',
      // issue 15 (session 8): self-service cards
      'mySmartcards', 'selfCardTemplates', 'requestOwnSmartcard', 'myCardPicture',
      // issue 15 (session 9): card stock
      'listStock', 'stockCounts', 'stockNextSerial', 'receiveStock', 'scanInStock', 'moveStock', 'setStockThreshold', 'setStockSettings',
    ];
    expect(Object.keys(client).sort()).toEqual(calls.sort());
  });
});
