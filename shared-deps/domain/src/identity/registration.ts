/**
 * Self-registration and account activation (issue 13; signin §7 VerifyRegistrationEmail, admin-console
 * §2.1 `/register`, `/finish-register`, `/activateaccount/{token}`): the lifetimes and budgets the server
 * applies and the console states.
 */

/** Lifetimes and budgets of the e-mailed links. */
export const EMAIL_LINK_LIMITS = Object.freeze({
  /** A registration link works this long (minutes). */
  registrationTtlMinutes: 60,
  /** An activation link works this long (minutes): three days, an administrator may create an account ahead. */
  activationTtlMinutes: 3 * 24 * 60,
  /** Window of the VerifyRegistrationEmail budgets (seconds), as ForgotPassword's. */
  windowSeconds: 60 * 60,
  /** VerifyRegistrationEmail requests per e-mail address per window (then 429). */
  requestsPerEmail: 5,
  /** VerifyRegistrationEmail requests per client address per window (then 429). */
  requestsPerAddress: 20,
  /** Registration mails per e-mail address per window (then none, silently). */
  mailsPerEmail: 3,
});

/** The token of a mailed link: 32 random bytes, base64url (43 characters). */
export const EMAIL_LINK_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';
