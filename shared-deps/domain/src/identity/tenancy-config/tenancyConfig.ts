/**
 * Tenancy configuration (admin-console §2.2 `/config/tenancy`; signin §3 "Tenancy configuration holds
 * toastrTimeout and bannerColour", §2 the Unexpected Error support address): the editable fields, their
 * limits, and the checks the server, the console and the CLI share.
 */

/** The tenancy configuration as `GET /api2/IDM-v1/TenancyConfig` answers it. */
export interface TenancyConfig {
  /** Tenant name (read-only here). */
  name: string;
  /** Address shown on the Unexpected Error screen (signin §2). */
  supportEmail: string;
  /** `#rrggbb` colour of the banner strip under the header; null: no banner. */
  bannerColour: string | null;
  /** Toast display time in ms; null: the default 3000 ms (signin §9). */
  toastrTimeout: number | null;
  /** Disclaimer text; null: none. */
  disclaimer: string | null;
  /** IANA time zone of the tenant (pass validity days). */
  timeZone: string;
  /** Every user must sign in with TOTP (set through `TenantMfaPolicy`). */
  mfaRequired: boolean;
  /** Anyone may register an account by verifying an e-mail address (`/register`, issue 13); off by default. */
  selfRegistration: boolean;
}

/** The editable fields of the tenancy configuration. */
export type TenancyConfigField = 'supportEmail' | 'bannerColour' | 'toastrTimeout' | 'disclaimer' | 'timeZone';

/** The tenancy switches set by the API (and CLI) only, not by the tenancy form. */
export type TenancyConfigSwitch = 'selfRegistration';

/** `PATCH /api2/IDM-v1/TenancyConfig`: any non-empty subset of the editable fields. */
export type TenancyConfigPatch = Partial<Pick<TenancyConfig, TenancyConfigField | TenancyConfigSwitch>>;

/** Limits of the editable fields. */
export const TENANCY_CONFIG_LIMITS = Object.freeze({
  /** Shortest toast display time accepted: below this a toast cannot be read. */
  toastrTimeoutMinMs: 500,
  /** Longest toast display time accepted (one minute). */
  toastrTimeoutMaxMs: 60_000,
  /** Longest disclaimer. */
  disclaimerMaxLength: 5000,
  /** Longest support e-mail address (RFC 5321 path limit). */
  supportEmailMaxLength: 254,
});

/** Pattern of a banner colour: `#rrggbb`. */
export const BANNER_COLOUR_PATTERN = '^#[0-9a-fA-F]{6}$';

/** Is this a banner colour the server accepts (`#rrggbb`)? */
export function isValidBannerColour(value: string): boolean {
  return new RegExp(BANNER_COLOUR_PATTERN).test(value);
}

/**
 * The fields of `next` that differ from `current`: what a Save sends (only changed fields).
 */
export function tenancyConfigChanges(current: TenancyConfig, next: Pick<TenancyConfig, TenancyConfigField>): TenancyConfigPatch {
  const patch: Record<string, unknown> = {};
  for (const field of ['supportEmail', 'bannerColour', 'toastrTimeout', 'disclaimer', 'timeZone'] as const) {
    if (next[field] !== current[field]) patch[field] = next[field];
  }
  return patch as TenancyConfigPatch;
}
