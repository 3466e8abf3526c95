/** The ACME area (issue 17): the RFC 8555 server routes and the console's ACME and allowed-domain calls. */
export { acmeRoutes } from './acme.routes';
export { acmeAdminRoutes } from './acme-admin.routes';
export { acmeClientRoutes } from './client.routes';
