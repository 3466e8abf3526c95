/** The Kysely `Database` interface, assembled from each area's `x.table.ts`. */
import type { Kysely, Transaction } from 'kysely';
import type { TenantsTable } from '../identity/tenants.table';
import type { UsersTable } from '../identity/users.table';
import type { RolesTable, UserRolesTable } from '../identity/roles.table';
import type { SessionsTable } from '../platform/sessions.table';
import type { AuditEventsTable } from '../monitoring/audit-events.table';
import type { TicketMessagesTable, TicketsTable } from '../tickets/tickets.table';
import type { SmartcardRequestsTable, TemporaryPassesTable, TemporaryPassPrintRequestsTable } from '../smartcards/temporary-passes.table';
import type { MfaRecoveryCodesTable, UserMfaTable } from '../auth/mfa/mfa.table';
import type { WebauthnChallengesTable, WebauthnCredentialsTable } from '../auth/passkeys/passkeys.table';
import type { PasswordResetTokensTable } from '../auth/passwords/password-reset.table';
import type { DirectoryConnectionsTable } from '../identity/directory.table';
import type { EmailLinksTable } from '../identity/email-links.table';
import type { PinRequirementsTable } from '../smartcards/pin-requirements.table';
import type { CardTemplatesTable } from '../smartcards/card-templates.table';
import type { SmartcardAppletsTable, SmartcardGpKeysTable } from '../smartcards/applets.table';
import type { SmartcardsTable } from '../smartcards/cards.table';
import type { SecretQuestionLinksTable, SecretQuestionPoliciesTable, SecretQuestionsTable } from '../smartcards/secret-questions.table';
import type { ApiKeysTable } from '../apikeys/apikeys.table';
import type { RateLimitRulesTable, RateLimitStateTable } from '../platform/rate-limits/rate-limit-rules.table';
import type { OrganisationsTable } from '../identity/organisations.table';
import type { SponsorsTable } from '../identity/sponsors.table';
import type { UserPhotosTable } from '../identity/user-photos.table';
import type { DevicesTable, SubnetsTable } from '../devices/devices.table';
import type { LocalesTable } from '../config/locales.table';
import type { SearchFavouritesTable } from '../search/search.table';
import type { VisitsTable } from '../identity/visits.table';
import type { CertificateAuthoritiesTable, CertificateTemplatesTable, CrlsTable, TemplateOrderingTable } from '../pki/pki.table';
import type { AcmeAccountsTable, AcmeAuthorizationsTable, AcmeChallengesTable, AcmeConfigsTable, AcmeEabKeysTable, AcmeNoncesTable, AcmeOrdersTable, AllowedDomainsTable } from '../acme/acme.table';
import type { CertificateRequestsTable, CertificatesTable, RevocationsTable } from '../certificates/certificates.table';
import type { IntuneScepConfigsTable, ScepChallengesTable, ScepRaTable, ScepTransactionsTable } from '../enrolment/enrolment.table';

/** Every table of the server's schema. */
export interface Database {
  tenants: TenantsTable;
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  audit_events: AuditEventsTable;
  tickets: TicketsTable;
  ticket_messages: TicketMessagesTable;
  temporary_passes: TemporaryPassesTable;
  temporary_pass_print_requests: TemporaryPassPrintRequestsTable;
  smartcard_requests: SmartcardRequestsTable;
  user_mfa: UserMfaTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  webauthn_credentials: WebauthnCredentialsTable;
  webauthn_challenges: WebauthnChallengesTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_links: EmailLinksTable;
  directory_connections: DirectoryConnectionsTable;
  pin_requirements: PinRequirementsTable;
  card_templates: CardTemplatesTable;
  smartcard_applets: SmartcardAppletsTable;
  smartcard_gp_keys: SmartcardGpKeysTable;
  smartcards: SmartcardsTable;
  api_keys: ApiKeysTable;
  rate_limit_rules: RateLimitRulesTable;
  rate_limit_state: RateLimitStateTable;
  organisations: OrganisationsTable;
  sponsors: SponsorsTable;
  user_photos: UserPhotosTable;
  devices: DevicesTable;
  subnets: SubnetsTable;
  locales: LocalesTable;
  search_favourites: SearchFavouritesTable;
  visits: VisitsTable;
  certificate_authorities: CertificateAuthoritiesTable;
  certificate_templates: CertificateTemplatesTable;
  template_ordering: TemplateOrderingTable;
  crls: CrlsTable;
  certificates: CertificatesTable;
  certificate_requests: CertificateRequestsTable;
  revocations: RevocationsTable;
  secret_questions: SecretQuestionsTable;
  secret_question_links: SecretQuestionLinksTable;
  secret_question_policies: SecretQuestionPoliciesTable;
  scep_challenges: ScepChallengesTable;
  scep_ra: ScepRaTable;
  scep_transactions: ScepTransactionsTable;
  intune_scep_configs: IntuneScepConfigsTable;
  allowed_domains: AllowedDomainsTable;
  acme_configs: AcmeConfigsTable;
  acme_eab_keys: AcmeEabKeysTable;
  acme_nonces: AcmeNoncesTable;
  acme_accounts: AcmeAccountsTable;
  acme_orders: AcmeOrdersTable;
  acme_authorizations: AcmeAuthorizationsTable;
  acme_challenges: AcmeChallengesTable;
}

/** The application's database handle. */
export type Db = Kysely<Database>;
/** A transaction on it. */
export type Trx = Transaction<Database>;
/** Either: repositories take whichever the caller holds. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;
