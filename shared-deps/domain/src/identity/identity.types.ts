/** Wire shapes of identity: the viewer and its permission object, tenancy, bootstrap, users and roles (signin §3; admin-console §3, §6). */

/** The permission object of the viewer (signin §3). Missing lists default to empty, isManager to false. */
export interface PermissionObject {
  View: string[];
  Menu: string[];
  activeMenu: string[];
  api: string[];
  roles: string[];
  isManager: boolean;
}

/** Tenancy settings the console needs before and after sign-in (signin §3, §9). */
export interface TenancyInfo {
  id: string;
  name: string;
  /** CSS colour of the tenancy banner; null: no banner. */
  bannerColour: string | null;
  /** Toast display time in ms; null: the default 3000 ms. */
  toastrTimeout: number | null;
  /** Address shown on the Unexpected Error screen. */
  supportEmail: string;
}

/** The signed-in user, as `GET /api/login` answers it (signin §3 "Viewer"). */
export interface Viewer {
  id: string;
  username: string;
  names: { givenName: string; familyName: string; displayName: string };
  emailAddress: string;
  telephoneNumber: string | null;
  organisation: string | null;
  /** Role names held. */
  roles: string[];
  /** Role ids and names held (for the identity area). */
  allRoles: { id: string; name: string }[];
  /** The viewer's organisation and its ancestors, nearest first (their permissions apply to the viewer). */
  allOrgs: { id: string; name: string }[];
  /** The viewer's sponsor, when the viewer is a sponsored user. */
  allSponsors: { id: string; name: string }[];
  permission: PermissionObject;
  tenant: TenancyInfo;
}

/** `GET /api2/IDM-v1/BootstrapStatus`. */
export interface BootstrapStatus {
  bootstrapMode: boolean;
}

/** `POST /api2/IDM-v1/Bootstrap` (ARCHITECTURE.md "First run"). */
export interface BootstrapRequest {
  tenantName: string;
  username: string;
  password: string;
  emailAddress: string;
}
export interface BootstrapResponse {
  tenantId: string;
  userId: string;
}

/** A user as the identity API returns it. Never carries a password hash. */
export interface UserSummary {
  id: string;
  username: string;
  givenName: string;
  familyName: string;
  emailAddress: string;
  enabled: boolean;
  roleIds: string[];
  /** The user's organisation (issue 13). */
  organisationId: string | null;
  organisationName: string | null;
  telephoneNumber: string | null;
  /** Blank by default. */
  country: string;
  /** Directory user data (admin-console §3). */
  directory: UserDirectoryView;
  /** The signin §3 field categories, one document each (keys of `USER_FIELD_CATEGORIES`). */
  categories: UserCategories;
  sponsorId: string | null;
  sponsorStatus: 'pending' | 'approved' | 'rejected' | null;
  hasPhoto: boolean;
  /** signin §3 "login details". */
  loginDetails: { failedLogins: number; lastSuccessfulLogin: string | null };
  createdAt: string;
  updatedAt: string;
}

/** Directory user data (admin-console §3): csn, tempCsn, tempCsnExpiry (ISO date-time), pager, uid. */
export interface UserDirectoryData {
  csn: string | null;
  tempCsn: string | null;
  tempCsnExpiry: string | null;
  pager: string | null;
  uid: string | null;
}

/** Directory user data as answered: also the entry's distinguishedName (set by a directory sync, else null) and the displayName (admin-console §3); both read-only. */
export interface UserDirectoryView extends UserDirectoryData {
  distinguishedName: string | null;
  displayName: string;
}

/** A category document: field key → text, ISO date (YYYY-MM-DD) or flag. */
export type UserCategoryDocument = Record<string, string | boolean>;

/** The category documents of a user. */
export interface UserCategories {
  personal: UserCategoryDocument;
  organisationDetails: UserCategoryDocument;
  passType: UserCategoryDocument;
  privileges: UserCategoryDocument;
  medical: UserCategoryDocument;
  vehicles: UserCategoryDocument;
}

/** Optional fields of a user's record shared by add and edit. */
export interface UserRecordFields {
  organisationId?: string | null;
  telephoneNumber?: string | null;
  country?: string;
  directory?: Partial<UserDirectoryData>;
  /** Each category sent replaces that category's document. */
  categories?: Partial<UserCategories>;
}

/** `POST /api2/IDM-v1/User`. */
export interface CreateUserRequest extends UserRecordFields {
  username: string;
  password: string;
  givenName: string;
  familyName: string;
  emailAddress: string;
  roleIds: string[];
  /** A sponsored user starts disabled until the sponsor approves (issue 13). */
  sponsorId?: string | null;
}

/** `PUT /api2/IDM-v1/User`. Fields left out are not changed. */
export interface UpdateUserRequest extends UserRecordFields {
  id: string;
  /** A protected field (with e-mail, roles and organisation): needs `currentPassword`. */
  username?: string;
  givenName?: string;
  familyName?: string;
  emailAddress?: string;
  enabled?: boolean;
  roleIds?: string[];
  /** The editor's own password, required when a protected field changes (admin-console §4, §8). */
  currentPassword?: string;
}

/** A role: a permission list and a blacklist (admin-console §6). Effective = permissions − blacklist. */
export interface Role {
  id: string;
  name: string;
  permissions: string[];
  blacklist: string[];
  isManager: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `POST /api2/IDM-v1/Role`. */
export interface CreateRoleRequest {
  name: string;
  permissions: string[];
  blacklist: string[];
  isManager?: boolean;
}

/** `PUT /api2/IDM-v1/Role`. */
export interface UpdateRoleRequest {
  id: string;
  name?: string;
  permissions?: string[];
  blacklist?: string[];
  isManager?: boolean;
}

/**
 * `GET /api2/IDM-v1/RegistrationConfig` (issue 13): the tenant of the address the console was opened at,
 * and whether it lets people register themselves (`/register`).
 */
export interface RegistrationConfig {
  tenantId: string;
  tenantName: string;
  selfRegistration: boolean;
}

/** `POST /api2/IDM-v1/VerifyRegistrationEmail` (signin §7 `{tenantId}`): mails a link to finish registering. */
export interface VerifyRegistrationEmailRequest {
  tenantId: string;
  emailAddress: string;
}

/** What an e-mailed registration or activation link is for, as its check answers it. */
export interface EmailLinkStatus {
  valid: true;
  /** The address the link was mailed to (the new account's). */
  emailAddress: string;
  /** The account an activation link activates; null for a registration link. */
  username: string | null;
}

/** `POST /api2/IDM-v1/FinishRegistration` (`/finish-register`): the new account's details and the mailed token. */
export interface FinishRegistrationRequest {
  token: string;
  username: string;
  givenName: string;
  familyName: string;
  password: string;
}

/** `POST /api2/IDM-v1/ActivateAccount` (`/activateaccount/{token}`): the mailed token and the account's first password. */
export interface ActivateAccountRequest {
  token: string;
  newPassword: string;
}

/** A sponsor (admin-console §2.2 Sponsors, §3 "sponsors"): a user of the tenant who approves sponsored users. */
export interface Sponsor {
  id: string;
  userId: string;
  username: string;
  displayName: string;
  emailAddress: string;
  active: boolean;
  notes: string;
  /** Sponsored users waiting for this sponsor's decision. */
  pendingCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A user sponsored by the viewer (`GET /api2/IDM-v1/SponsoredUsers`). */
export interface SponsoredUser {
  id: string;
  username: string;
  displayName: string;
  emailAddress: string;
  sponsorStatus: 'pending' | 'approved' | 'rejected';
}

/** A user's photo (`GET/PUT /api2/IDM-v1/UserPhoto`): data URLs, so an `<img>` shows them directly. */
export interface UserPhoto {
  userId: string;
  /** The JPEG thumbnail. */
  thumbnail: string;
  /** The uploaded image, when asked for with `full`. */
  image?: string;
  updatedAt: string;
}

/** An organisation (admin-console §3; issue 13). */
export interface Organisation {
  id: string;
  name: string;
  type: string;
  parentId: string | null;
  /** The parent's name, for lists; null at the top. */
  parentName: string | null;
  businessNumber: string | null;
  /** The verifier that accepted the business number (e.g. `abn`). */
  businessNumberScheme: string | null;
  businessNumberVerifiedAt: string | null;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
}

/** `POST /api2/IDM-v1/Organisation`. */
export interface CreateOrganisationRequest {
  name: string;
  type: string;
  parentId?: string | null;
  businessNumber?: string | null;
  businessNumberScheme?: string;
}

/** `PUT /api2/IDM-v1/Organisation`. Fields left out are not changed. */
export interface UpdateOrganisationRequest {
  id: string;
  name?: string;
  type?: string;
  parentId?: string | null;
  businessNumber?: string | null;
  businessNumberScheme?: string;
}

/** Per-organisation permissions (`permissions/{orgId}`, admin-console §6). */
export interface OrganisationPermissions {
  orgId: string;
  permissions: string[];
  blacklist: string[];
}
