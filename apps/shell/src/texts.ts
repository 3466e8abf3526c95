import { DEFAULT_SUPPORT_EMAIL, MESSAGES, PRODUCT_NAME } from '@tessera/domain';

/**
 * The texts the shell shows. Spec texts come from `@tessera/domain` messages (exact wording of
 * signin §2, §8 and admin-console §2, §8); the rest is the shell's own page copy.
 */
export const TEXTS = {
  productName: PRODUCT_NAME,
  signIn: 'Sign in',
  defaultSupportEmail: DEFAULT_SUPPORT_EMAIL,
  pageNotFound: MESSAGES.PAGE_NOT_FOUND,
  unexpectedErrorTitle: MESSAGES.UNEXPECTED_ERROR_TITLE,
  unexpectedErrorMessage: MESSAGES.unexpectedErrorMessage,
  showDetails: MESSAGES.SHOW_DETAILS,
  downloadErrorFile: MESSAGES.DOWNLOAD_ERROR_FILE,
  reloadPage: MESSAGES.RELOAD_PAGE,
  deniedTitle: 'Access denied',
  deniedBody: MESSAGES.ACCESS_DENIED,
  areaUnavailable: 'This area is not available yet',
  paymentTitle: 'Payment method required',
  paymentBody: 'A payment method is needed to continue. Add one in the tenancy billing settings, or ask your administrator.',
} as const;

