/**
 * The roles every new tenant starts with (issue 13): besides the built-in Administrator (every
 * permission, server-side `builtin_all`), four editable roles with sensible sets. The spec does not show
 * role names nor what each holds (admin-console §6, signin §6): these are designed.
 */

/** A default role: name, permission list and blacklist. */
export interface DefaultRole {
  name: string;
  permissions: readonly string[];
  blacklist: readonly string[];
  isManager: boolean;
}

const SELF = ['selfServicePortal', 'changePassword'] as const;

/** The editable default roles, in the order they are created. */
export const DEFAULT_ROLES: readonly DefaultRole[] = Object.freeze([
  {
    name: 'Operator',
    permissions: [
      ...SELF,
      'userView', 'userAdd', 'userEdit', 'orgView', 'orgTree', 'roleView', 'sponsorAdd', 'sponsorEdit', 'manageSponsor',
      'deviceView', 'deviceAdd', 'deviceEdit', 'smartcardRequest', 'smartcardReqView', 'smartcardTemporary', 'ticketView', 'ticketAdd', 'search',
    ],
    blacklist: [],
    isManager: false,
  },
  {
    name: 'Help desk',
    permissions: [...SELF, 'userView', 'userEdit', 'orgView', 'orgTree', 'roleView', 'ticketView', 'ticketAdd', 'ticketEdit', 'smartcardReqView', 'smartcardTemporary', 'search'],
    blacklist: [],
    isManager: false,
  },
  {
    name: 'Auditor',
    permissions: [...SELF, 'audit', 'siem-search', 'access-log-search', 'userView', 'orgView', 'orgTree', 'roleView', 'ticketView', 'search'],
    // Read-only whatever else the holder has: the blacklist overrides grants of other roles.
    blacklist: ['userAdd', 'userEdit', 'userDelete', 'roleAdd', 'roleEdit', 'orgAdd', 'orgEdit', 'tenancyConfig', 'apiKeyManage'],
    isManager: false,
  },
  { name: 'Self-service user', permissions: [...SELF, 'ticketView', 'ticketAdd'], blacklist: [], isManager: false },
] satisfies DefaultRole[]);
