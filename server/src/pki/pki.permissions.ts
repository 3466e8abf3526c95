/** Permission sets of the PKI and certificate routes (docs/api.md "cert perms"). */

/** Any permission of the certificate screens: reading CAs, templates and request status. */
export const CERT_READ_PERMISSIONS = ['certView', 'certSigningRequest', 'certSigningRequestUser', 'certificateConfig', 'manageTemplateRules', 'autoEnrollTemplateRules', 'manageCAs', 'templateDisplayOrder', 'collectCertificate'] as const;
