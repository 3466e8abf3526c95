/**
 * Texts of identity: usernames (admin-console §5) and the tenancy configuration (admin-console §2.2).
 * Quoted texts are the spec's, character for character; the others are marked "designed".
 */

/** A disallowed username character (admin-console §5). */
export function usernameCharacterNotAllowed(character: string): string {
  return `The character '${character}' is not allowed in usernames.`;
}

/** A username typed into a list that names nobody of the tenant (issue 18; designed). */
export function notAUserOfTenant(username: string): string {
  return `'${username}' is not a user of this tenant.`;
}

/** The users CSV import applied (issue 13; designed). */
export function usersImported(count: number): string {
  return count === 1 ? '1 user was imported' : `${count} users were imported`;
}

import { DIRECTORY_MESSAGES } from './directory/directory';
import { ORGANISATION_MESSAGES } from './organisations/organisations';

/** The identity texts, by code (merged into `MESSAGES`). */
export const IDENTITY_MESSAGES = Object.freeze({
  ...DIRECTORY_MESSAGES,
  ...ORGANISATION_MESSAGES,

  // admin-console §8 user alerts and protected field
  USER_CREATED: 'The user was successfully created',
  USER_UPDATED: 'The user was successfully updated',
  USER_DELETED: 'The user was successfully deleted',
  USER_ACTIVATED: 'The user was successfully activated',
  USER_DEACTIVATED: 'The user was successfully deactivated',
  PROTECTED_FIELD_PASSWORD: 'A protected field was modified. Please re-enter the existing password',
  // Users CSV import screen (issue 13; designed)
  usersImported,
  USERS_IMPORT_FIX_ROWS: 'Nothing was imported. Fix the rows below, then check the file again.',
  USERS_IMPORT_READY: 'Every row is valid. Nothing is imported until you apply.',
  // designed
  OWN_ACCOUNT_NOT_DELETED: 'You cannot delete your own account.',
  USER_UNCHANGED: 'Nothing has changed.',
  USER_PHOTO_SAVED: 'The photo was saved',
  SPONSOR_EXISTS: 'This user is already a sponsor.',
  SPONSOR_INACTIVE: 'This sponsor is not active.',
  SPONSOR_NOT_ASSIGNED: 'This user has no sponsor, or you are not their sponsor.',
  SPONSOR_CREATED: 'The sponsor was successfully created',
  SPONSOR_UPDATED: 'The sponsor was successfully updated',
  SPONSORED_USER_APPROVED: 'The user was approved',
  SPONSORED_USER_REJECTED: 'The user was rejected',
  SPONSOR_DECISION_MADE: 'This user is no longer waiting for approval.',

  // admin-console §5 username
  USERNAME_REQUIRED: 'No Username entered.',
  USERNAME_INVALID_CHARACTER: 'The username contains an invalid character.',
  usernameCharacterNotAllowed,
  USERNAME_INVALID: 'Invalid username.',
  notAUserOfTenant,

  // Tenancy configuration, admin-console §2.2 /config/tenancy (designed)
  TENANCY_CONFIG_SAVED: 'Tenancy configuration saved',
  TENANCY_CONFIG_SAVE_FAILED: 'Tenancy configuration not saved',
  TENANCY_CONFIG_LOAD_FAILED: 'The tenancy configuration could not be loaded.',
  TENANCY_CONFIG_UNCHANGED: 'Nothing has changed.',
  TIME_ZONE_INVALID: 'Choose a time zone from the list, such as Europe/London.',

  // Grant rules, issue 18 (designed)
  OWN_ROLES_FIXED: 'You cannot change your own roles.',
  OWN_ROLE_FIXED: 'You cannot edit a role you hold.',
  // Roles screens, issue 13 (designed, in the form of the user alerts of admin-console §8)
  ROLE_CREATED: 'The role was successfully created',
  ROLE_UPDATED: 'The role was successfully updated',
  // Self-registration and account activation, issue 13 (designed; the failure line is signin §8's failedToVerifyEmail)
  REGISTRATION_CLOSED: 'Self-registration is not open for this tenant.',
  REGISTRATION_LINK_SENT: 'Check your e-mail: if this address can register, a link to finish registering has been sent to it.',
  EMAIL_LINK_INVALID: 'This link is invalid or has expired.',
  REGISTRATION_DONE: 'Your account has been created. You can now sign in.',
  ACCOUNT_ACTIVATED: 'Your account is active. You can now sign in.',
  ACTIVATION_EMAIL_SENT: 'Activation e-mail sent',
  CREDENTIAL_SELF_ONLY: "Passkeys and authenticator apps can be registered only by the account holder; another account's can only be reset.",
} as const);

/**
 * A grant refused because the granter lacks permissions (issue 18; designed): names them, so the
 * console, the CLI and the audit say what is missing.
 */
export function permissionsNotHeldMessage(missing: readonly string[]): string {
  return `You cannot grant or remove permissions you do not hold: ${missing.join(', ')}.`;
}

