import { validateUsername, type BootstrapRequest } from '@tessera/domain';

/** The first-run form's fields. */
export type BootstrapField = keyof BootstrapRequest;

/** Field errors of the first-run form, by field. */
export type BootstrapFieldErrors = Partial<Record<BootstrapField, string>>;

/** The minimum password length the server accepts (server/src/identity/identity.schemas.ts). */
export const BOOTSTRAP_PASSWORD_MIN_LENGTH = 8;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The field errors of the first-run form, checked before it is sent (the server checks again and its
 * 400 `field` lands on the same fields): tenant name required; the username rules of
 * admin-console §5; a password of at least 8 characters; an e-mail address.
 */
export function validateBootstrapForm(values: BootstrapRequest): BootstrapFieldErrors {
  const errors: BootstrapFieldErrors = {};
  if (values.tenantName.trim() === '') errors.tenantName = 'Enter a tenant name.';
  const username = validateUsername(values.username);
  if (username) errors.username = username;
  if (values.password.length < BOOTSTRAP_PASSWORD_MIN_LENGTH) errors.password = `The password must be at least ${BOOTSTRAP_PASSWORD_MIN_LENGTH} characters.`;
  if (!EMAIL.test(values.emailAddress.trim())) errors.emailAddress = 'Enter an e-mail address such as name@example.com.';
  return errors;
}
