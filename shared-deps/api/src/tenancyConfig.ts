/** Tenancy configuration calls (admin-console §2.2 `/config/tenancy`; docs/api.md "Tenancy configuration"). */
import type { TenancyConfig, TenancyConfigPatch } from '@tessera/domain';
import type { HttpSend } from './http';

const IDM = '/api2/IDM-v1';

/** The tenancy configuration calls. */
export interface TenancyConfigCalls {
  /** `GET /api2/IDM-v1/TenancyConfig` (tenancyConfig): the caller's tenant configuration. */
  tenancyConfig(): Promise<TenancyConfig>;
  /**
   * `PATCH /api2/IDM-v1/TenancyConfig` (tenancyConfig): changes the sent fields (null: back to the
   * default) and answers the new configuration. VALIDATION names the field; an empty patch or one that
   * changes nothing is VALIDATION too.
   */
  updateTenancyConfig(patch: TenancyConfigPatch): Promise<TenancyConfig>;
}

/** The tenancy configuration calls over `send`. */
export function tenancyConfigCalls(send: HttpSend): TenancyConfigCalls {
  return {
    tenancyConfig: () => send({ method: 'GET', path: `${IDM}/TenancyConfig` }),
    updateTenancyConfig: (patch) => send({ method: 'PATCH', path: `${IDM}/TenancyConfig`, body: patch }),
  };
}
