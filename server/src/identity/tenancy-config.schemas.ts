/** TypeBox schemas of `GET/PATCH /api2/IDM-v1/TenancyConfig` (shapes of `@tessera/domain` TenancyConfig). */
import { Type } from '@sinclair/typebox';
import { BANNER_COLOUR_PATTERN, TENANCY_CONFIG_LIMITS } from '@tessera/domain';
import { Email, MultilineString, SafeString } from '../platform/schemas';

/** `TenancyConfig`. */
export const TenancyConfigSchema = Type.Object({
  name: Type.String(),
  supportEmail: Type.String(),
  bannerColour: Type.Union([Type.String(), Type.Null()]),
  toastrTimeout: Type.Union([Type.Integer(), Type.Null()]),
  disclaimer: Type.Union([Type.String(), Type.Null()]),
  timeZone: Type.String(),
  mfaRequired: Type.Boolean(),
  selfRegistration: Type.Boolean(),
});

/**
 * `TenancyConfigPatch`: any subset of the editable fields; null puts a field back to its default
 * (no banner, the 3000 ms toast time, no disclaimer). The service refuses an empty patch.
 */
export const TenancyConfigPatchSchema = Type.Object(
  {
    supportEmail: Type.Optional(Email({ minLength: 3, maxLength: TENANCY_CONFIG_LIMITS.supportEmailMaxLength })),
    bannerColour: Type.Optional(Type.Union([Type.String({ pattern: BANNER_COLOUR_PATTERN }), Type.Null()])),
    toastrTimeout: Type.Optional(
      Type.Union([Type.Integer({ minimum: TENANCY_CONFIG_LIMITS.toastrTimeoutMinMs, maximum: TENANCY_CONFIG_LIMITS.toastrTimeoutMaxMs }), Type.Null()]),
    ),
    disclaimer: Type.Optional(Type.Union([MultilineString({ maxLength: TENANCY_CONFIG_LIMITS.disclaimerMaxLength }), Type.Null()])),
    timeZone: Type.Optional(SafeString({ minLength: 1, maxLength: 100 })),
    selfRegistration: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
