/** TypeBox schemas of the IDM-v1 ApiKeys calls (shapes of `@tessera/domain` ApiKey, CreateApiKeyRequest, CreatedApiKey). */
import { Type } from '@sinclair/typebox';
import { API_KEY_LIMITS } from '@tessera/domain';
import { Permission, SafeString, Uuid } from '../platform/schemas';

const apiKeyFields = {
  id: Type.String(),
  keyId: Type.String(),
  name: Type.String(),
  permissions: Type.Array(Type.String()),
  createdBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
};

/** `ApiKey`: never the secret nor its hash. */
export const ApiKeySchema = Type.Object(apiKeyFields);

/** `ApiKey[]`. */
export const ApiKeyListSchema = Type.Array(ApiKeySchema);

/** `CreatedApiKey`: the key and its token, answered once. */
export const CreatedApiKeySchema = Type.Object({ ...apiKeyFields, secret: Type.String() });

/** `CreateApiKeyRequest`. The service checks the name's spaces and the permissions against the creator's. */
export const CreateApiKeyRequestSchema = Type.Object(
  {
    name: SafeString({ minLength: 1, maxLength: API_KEY_LIMITS.nameMaxLength }),
    permissions: Type.Array(Permission(), { minItems: 1, maxItems: 500 }),
    expiresInDays: Type.Integer({ minimum: API_KEY_LIMITS.minExpiryDays, maximum: API_KEY_LIMITS.maxExpiryDays }),
  },
  { additionalProperties: false },
);

/** Path of `DELETE /api2/IDM-v1/ApiKeys/{id}`. */
export const ApiKeyIdParams = Type.Object({ id: Uuid() });
