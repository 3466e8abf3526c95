import { DEFAULT_SUPPORT_EMAIL, MESSAGES, PRODUCT_NAME } from '@tessera/domain';

/**
 * The texts the shell shows. Spec texts come from `@tessera/domain` messages (exact wording of
 * signin §2, §8 and admin-console §2, §8); the rest is the shell's own page copy.
 */
export const TEXTS = {
  productName: PRODUCT_NAME,
  defaultSupportEmail: DEFAULT_SUPPORT_EMAIL,
  pageNotFound: MESSAGES.PAGE_NOT_FOUND,
  noRouteMatches: MESSAGES.NO_ROUTE_MATCHES,
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

/** Titles of the router error pages (admin-console §2: 400, 403, 404, 405). */
export const ROUTER_ERROR_TITLES: Readonly<Record<number, string>> = {
  400: MESSAGES.ROUTER_ERROR_400,
  403: MESSAGES.ROUTER_ERROR_403,
  404: MESSAGES.ROUTER_ERROR_404,
  405: MESSAGES.ROUTER_ERROR_405,
};
