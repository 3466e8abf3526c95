/**
 * The user record's field categories (signin §3 "User-record field categories") and the protected
 * fields whose change asks for the editor's password again (admin-console §4 "User update", §8;
 * issue 13: username, e-mail, roles, organisation). The complete list is not shown in the spec: the
 * fields below are those it names; each category is one JSON document on the server.
 */

/** One category: its key on the wire, its section title and its fields (key → label). */
export interface UserFieldCategory {
  key: 'personal' | 'organisationDetails' | 'passType' | 'privileges' | 'medical' | 'vehicles';
  title: string;
  fields: readonly { key: string; label: string; kind: 'text' | 'date' | 'boolean' }[];
}

/** The categories with free fields, in the order the console shows them as sections. */
export const USER_FIELD_CATEGORIES: readonly UserFieldCategory[] = Object.freeze([
  {
    key: 'personal',
    title: 'Personal details',
    fields: [
      { key: 'title', label: 'Title', kind: 'text' },
      { key: 'mobile', label: 'Mobile', kind: 'text' },
      { key: 'residentialAddress', label: 'Residential address', kind: 'text' },
    ],
  },
  {
    key: 'organisationDetails',
    title: 'Organisation details',
    fields: [
      { key: 'positionHeld', label: 'Position held', kind: 'text' },
      { key: 'businessAddress', label: 'Business address', kind: 'text' },
    ],
  },
  {
    key: 'passType',
    title: 'Pass type',
    fields: [
      { key: 'passType', label: 'Pass type', kind: 'text' },
      { key: 'cardNumber', label: 'Card number', kind: 'text' },
      { key: 'cardExpiryDate', label: 'Card expiry date', kind: 'date' },
      { key: 'commencementDate', label: 'Commencement date', kind: 'date' },
    ],
  },
  {
    key: 'privileges',
    title: 'Privileges',
    fields: [
      { key: 'signInRequest', label: 'Sign-in request', kind: 'boolean' },
      { key: 'slipRoadAccess', label: 'Slip road access', kind: 'boolean' },
      { key: 'canSponsor', label: 'May sponsor', kind: 'boolean' },
    ],
  },
  {
    key: 'medical',
    title: 'Medical details',
    fields: [
      { key: 'deviceType', label: 'Device type', kind: 'text' },
      { key: 'witness', label: 'Witness', kind: 'text' },
      { key: 'verifyingOfficer', label: 'Verifying officer', kind: 'text' },
    ],
  },
  {
    key: 'vehicles',
    title: 'Vehicles',
    fields: [
      { key: 'registration', label: 'Registration', kind: 'text' },
      { key: 'make', label: 'Make', kind: 'text' },
      { key: 'model', label: 'Model', kind: 'text' },
    ],
  },
] satisfies UserFieldCategory[]);

/** Fields of `UpdateUserRequest` whose change needs the editor's current password. */
export const PROTECTED_USER_FIELDS = Object.freeze(['username', 'emailAddress', 'roleIds', 'organisationId'] as const);

/**
 * Which protected fields an edit changes, compared with the current record (e-mail and username
 * case-insensitively, roles as a set).
 */
export function protectedFieldsChanged(
  current: { username: string; emailAddress: string; roleIds: readonly string[]; organisationId: string | null },
  edit: { username?: string; emailAddress?: string; roleIds?: readonly string[]; organisationId?: string | null },
): (typeof PROTECTED_USER_FIELDS)[number][] {
  const out: (typeof PROTECTED_USER_FIELDS)[number][] = [];
  if (edit.username !== undefined && edit.username.trim().toLowerCase() !== current.username.toLowerCase()) out.push('username');
  if (edit.emailAddress !== undefined && edit.emailAddress.trim().toLowerCase() !== current.emailAddress.toLowerCase()) out.push('emailAddress');
  if (edit.roleIds !== undefined) {
    const a = new Set(current.roleIds);
    const b = new Set(edit.roleIds);
    if (a.size !== b.size || [...a].some((id) => !b.has(id))) out.push('roleIds');
  }
  if (edit.organisationId !== undefined && edit.organisationId !== current.organisationId) out.push('organisationId');
  return out;
}
