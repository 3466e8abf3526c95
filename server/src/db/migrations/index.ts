/**
 * Every migration, by name, in order. A test checks that this list matches the files of this folder,
 * so a new migration file cannot be forgotten here. (A static list works the same under tsx, jest and
 * a bundler, where Kysely's FileMigrationProvider's dynamic import of `.ts` files would not.)
 */
import type { Migration } from 'kysely';
import * as m20261123100000 from './2026_11_23_10_00_00_create_tenants';
import * as m20261123100100 from './2026_11_23_10_01_00_create_users_and_roles';
import * as m20261123100200 from './2026_11_23_10_02_00_create_sessions';
import * as m20261123100300 from './2026_11_23_10_03_00_create_audit_events';
import * as m20261123110000 from './2026_11_23_11_00_00_create_signin_strength';
import * as m20261123120000 from './2026_11_23_12_00_00_create_pin_requirements';
import * as m20261123130000 from './2026_11_23_13_00_00_create_tickets';
import * as m20261123130100 from './2026_11_23_13_01_00_create_temporary_passes';
import * as m20261123163000 from './2026_11_23_16_30_00_widen_pin_requirements';
import * as m20261125120000 from './2026_11_25_12_00_00_role_builtin_all';
import * as m20261125123000 from './2026_11_25_12_30_00_create_api_keys';
import * as m20261126010000 from './2026_11_26_01_00_00_create_pki';
import * as m20261126020000 from './2026_11_26_02_00_00_identity_data_model';
import * as m20261126030000 from './2026_11_26_03_00_00_create_devices_subnets_locales';
import * as m20261126031000 from './2026_11_26_03_10_00_create_search_favourites';
import * as m20261126032000 from './2026_11_26_03_20_00_create_visits';
import * as m20261126040000 from './2026_11_26_04_00_00_create_rate_limit_rules';
import * as m20261126070000 from './2026_11_26_07_00_00_create_email_links';
import * as m20261127010000 from './2026_11_27_01_00_00_certificates_serial_per_tenant';
import * as m20261127040000 from './2026_11_27_04_00_00_create_directory_connections';
import * as m20261127041000 from './2026_11_27_04_10_00_users_search_indexes';
import * as m20261127050000 from './2026_11_27_05_00_00_create_card_templates';
import * as m20261127050100 from './2026_11_27_05_01_00_create_smartcards';
import * as m20261127060000 from './2026_11_27_06_00_00_create_secret_questions';
import * as m20261128010000 from './2026_11_28_01_00_00_create_acme';
import * as m20261128020000 from './2026_11_28_02_00_00_create_scep';
import * as m20261128030000 from './2026_11_28_03_00_00_card_template_layouts';
import * as m20261128040000 from './2026_11_28_04_00_00_create_smartcard_applets';
import * as m20261128070000 from './2026_11_28_07_00_00_certificates_search_indexes';
import * as m20261128110000 from './2026_11_28_11_00_00_create_smartcard_batches';
import * as m20261128120000 from './2026_11_28_12_00_00_smartcard_suspension';
import * as m20261129030000 from './2026_11_29_03_00_00_create_acme_client';
import * as m20261129040000 from './2026_11_29_04_00_00_users_sort_indexes';
import * as m20261129041000 from './2026_11_29_04_10_00_directory_entra_id';
import * as m20261129080000 from './2026_11_29_08_00_00_create_temporary_card_configs';
import * as m20261129081000 from './2026_11_29_08_10_00_create_cloud_hsm_configs';
import * as m20261130010000 from './2026_11_30_01_00_00_intune_online_validation';
import * as m20261130030000 from './2026_11_30_03_00_00_smartcard_suspended_by';
import * as m20261130060000 from './2026_11_30_06_00_00_rate_limit_seeded_defaults';
import * as m20261130070000 from './2026_11_30_07_00_00_scep_intune_pending';
import * as m20261201010000 from './2026_12_01_01_00_00_create_smartcard_stock';
import * as m20261201030000 from './2026_12_01_03_00_00_users_sort_indexes_with_id';
import * as m20261201050000 from './2026_12_01_05_00_00_create_device_endpoints';

/** Migrations keyed by file name without extension. */
export const migrations: Readonly<Record<string, Migration>> = Object.freeze({
  '2026_11_23_10_00_00_create_tenants': m20261123100000,
  '2026_11_23_10_01_00_create_users_and_roles': m20261123100100,
  '2026_11_23_10_02_00_create_sessions': m20261123100200,
  '2026_11_23_10_03_00_create_audit_events': m20261123100300,
  '2026_11_23_11_00_00_create_signin_strength': m20261123110000,
  '2026_11_23_12_00_00_create_pin_requirements': m20261123120000,
  '2026_11_23_13_00_00_create_tickets': m20261123130000,
  '2026_11_23_13_01_00_create_temporary_passes': m20261123130100,
  '2026_11_23_16_30_00_widen_pin_requirements': m20261123163000,
  '2026_11_25_12_00_00_role_builtin_all': m20261125120000,
  '2026_11_25_12_30_00_create_api_keys': m20261125123000,
  '2026_11_26_01_00_00_create_pki': m20261126010000,
  '2026_11_26_02_00_00_identity_data_model': m20261126020000,
  '2026_11_26_03_00_00_create_devices_subnets_locales': m20261126030000,
  '2026_11_26_03_10_00_create_search_favourites': m20261126031000,
  '2026_11_26_03_20_00_create_visits': m20261126032000,
  '2026_11_26_04_00_00_create_rate_limit_rules': m20261126040000,
  '2026_11_26_07_00_00_create_email_links': m20261126070000,
  '2026_11_27_01_00_00_certificates_serial_per_tenant': m20261127010000,
  '2026_11_27_04_00_00_create_directory_connections': m20261127040000,
  '2026_11_27_04_10_00_users_search_indexes': m20261127041000,
  '2026_11_27_05_00_00_create_card_templates': m20261127050000,
  '2026_11_27_05_01_00_create_smartcards': m20261127050100,
  '2026_11_27_06_00_00_create_secret_questions': m20261127060000,
  '2026_11_28_01_00_00_create_acme': m20261128010000,
  '2026_11_28_02_00_00_create_scep': m20261128020000,
  '2026_11_28_03_00_00_card_template_layouts': m20261128030000,
  '2026_11_28_04_00_00_create_smartcard_applets': m20261128040000,
  '2026_11_28_07_00_00_certificates_search_indexes': m20261128070000,
  '2026_11_28_11_00_00_create_smartcard_batches': m20261128110000,
  '2026_11_28_12_00_00_smartcard_suspension': m20261128120000,
  '2026_11_29_03_00_00_create_acme_client': m20261129030000,
  '2026_11_29_04_00_00_users_sort_indexes': m20261129040000,
  '2026_11_29_04_10_00_directory_entra_id': m20261129041000,
  '2026_11_29_08_00_00_create_temporary_card_configs': m20261129080000,
  '2026_11_29_08_10_00_create_cloud_hsm_configs': m20261129081000,
  '2026_11_30_01_00_00_intune_online_validation': m20261130010000,
  '2026_11_30_03_00_00_smartcard_suspended_by': m20261130030000,
  '2026_11_30_06_00_00_rate_limit_seeded_defaults': m20261130060000,
  '2026_11_30_07_00_00_scep_intune_pending': m20261130070000,
  '2026_12_01_01_00_00_create_smartcard_stock': m20261201010000,
  '2026_12_01_03_00_00_users_sort_indexes_with_id': m20261201030000,
  '2026_12_01_05_00_00_create_device_endpoints': m20261201050000,
});
