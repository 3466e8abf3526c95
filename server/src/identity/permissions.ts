/**
 * Permission rules the server needs. LOCAL STAND-INS: `@tessera/domain` is getting `ALL_PERMISSIONS`,
 * `effectivePermissions` and `buildPermissionObject` (platform-contracts.md); when it exports them,
 * import them from there and delete this file's copies.
 */
import type { PermissionObject } from '@tessera/domain';

/** Permission → area of the console whose menu it opens (admin-console §2.2). */
const PERMISSION_AREAS: Readonly<Record<string, string>> = Object.freeze({
  infrastructureConfig: 'config', tenancyConfig: 'config', smartcardManage: 'smartcards', configureTeSA: 'config',
  manageIntuneScepAuthConfiguration: 'config', configureK8s: 'config', ssoConfig: 'config', configureSyslog: 'config',
  domainBranding: 'config', acmeConfiguration: 'config',
  alerting: 'monitoring', audit: 'monitoring', 'siem-search': 'monitoring', 'access-log-search': 'monitoring',
  applications: 'monitoring', monitor: 'monitoring', 'siem-dashboard': 'monitoring',
  collectCertificate: 'admin', pEMView: 'admin', manageDomains: 'admin',
  sponsorAdd: 'identity', sponsorEdit: 'identity', manageSponsor: 'identity',
  HSMAuthenticate: 'keymanagement', HSMtokenView: 'keymanagement', HSMobjectView: 'keymanagement',
  smartcardBatchFiles: 'smartcards', smartcardRequest: 'smartcards', smartcardTemporary: 'smartcards',
  smartcardSuspendedReport: 'smartcards', smartcardBatchFilesPrintStatus: 'smartcards', smartcardBatchFilesPrint: 'smartcards',
  smartcardReqView: 'smartcards', smartcardEdit: 'smartcards',
  selfServicePortal: 'self', changePassword: 'self',
  orgAdd: 'identity', orgView: 'identity', orgEdit: 'identity', orgTree: 'identity',
  deviceAdd: 'identity', deviceView: 'identity', deviceEdit: 'identity', deviceIpam: 'identity',
  certificateConfig: 'pki', manageTemplateRules: 'pki', autoEnrollTemplateRules: 'pki', manageCAs: 'pki',
  search: 'search', codeSigning: 'signing', workflow: 'workflow', searchGroupPolicy: 'signing',
  'sub-manageProducts': 'subscriptions', 'sub-portal': 'subscriptions', 'sub-managePaymentMethods': 'subscriptions',
  'sub-addServices': 'subscriptions', pacsExceptions: 'pacs', pacsUserMappingRules: 'pacs',
  certView: 'certificates', certApprovals: 'certificates', certSigningRequestUser: 'certificates',
  certSigningRequest: 'certificates', uploadLECert: 'certificates', templateDisplayOrder: 'certificates',
  certScep: 'certificates', certUpload: 'certificates', certRevokeView: 'certificates',
  viewPendingFailedRevocations: 'certificates',
  ticketAdd: 'tickets', ticketView: 'tickets', ticketEdit: 'tickets',
  roleAdd: 'identity', roleView: 'identity', roleEdit: 'identity',
  userAdd: 'identity', userView: 'identity', userEdit: 'identity',
  vulnerabilityProtectionAV: 'endpointsecurity', timesheetOverview: 'timesheets', searchTimesheets: 'timesheets',
  viewTimesheets: 'timesheets', viewFidoCredentials: 'fido', cryptoListTokens: 'crypto', cryptoGenerateKeysOnHSM: 'crypto',
  analyticsDashboard: 'reporting', domainSearch: 'reporting', reMidpoint: 'reporting', invoiceReport: 'reporting',
  usageReport: 'reporting', certificateReport: 'reporting', pacsReport: 'reporting', networkScanReport: 'reporting',
  apiKeyView: 'apikeys', apiKeyManage: 'apikeys',
});

/** Every permission the product knows (the Administrator role of bootstrap holds them all). */
export const ALL_PERMISSIONS: readonly string[] = Object.freeze(Object.keys(PERMISSION_AREAS).sort());

/** Effective permissions: union of the roles' permission lists minus the union of their blacklists (admin-console §6). */
export function effectivePermissions(roles: readonly { permissions: readonly string[]; blacklist: readonly string[] }[]): string[] {
  const granted = new Set<string>();
  const denied = new Set<string>();
  for (const role of roles) {
    for (const p of role.permissions) granted.add(p);
    for (const p of role.blacklist) denied.add(p);
  }
  return [...granted].filter((p) => !denied.has(p)).sort();
}

/**
 * The viewer's permission object (signin §3): View and api are the effective permissions, Menu (and
 * activeMenu) the areas those permissions open, roles the role names.
 */
export function buildPermissionObject(effective: readonly string[], roleNames: readonly string[], isManager: boolean): PermissionObject {
  const menu = [...new Set(effective.map((p) => PERMISSION_AREAS[p]).filter((a): a is string => a !== undefined))].sort();
  return {
    View: [...effective],
    Menu: menu,
    activeMenu: [...menu],
    api: [...effective],
    roles: [...roleNames],
    isManager,
  };
}
