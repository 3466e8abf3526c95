import type { Generated, Selectable } from 'kysely';

/** `cloud_hsm_configs`: a tenant's cloud HSM configs, one per customer_sc_hardware; the client secret sealed with the server's secret box. */
export interface CloudHsmConfigsTable {
  id: Generated<string>;
  tenant_id: string;
  customer_sc_hardware: string;
  endpoint: string;
  client_id: string;
  sealed_client_secret: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A cloud HSM config row. */
export type CloudHsmConfigRow = Selectable<CloudHsmConfigsTable>;
