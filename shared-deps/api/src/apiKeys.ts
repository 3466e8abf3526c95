/** API key calls (admin-console §2.2 `/apikey/manage`; docs/api.md "API keys"; issue 11). */
import type { ApiKey, CreateApiKeyRequest, CreatedApiKey } from '@tessera/domain';
import type { HttpSend } from './http';

const KEYS = '/api2/IDM-v1/ApiKeys';

/** The API key calls. Only a signed-in person may make them: a key calling them gets FORBIDDEN. */
export interface ApiKeysCalls {
  /** `GET /api2/IDM-v1/ApiKeys` (apiKeyView or apiKeyManage): the tenant's keys, newest first, never a secret. */
  listApiKeys(): Promise<ApiKey[]>;
  /**
   * `POST /api2/IDM-v1/ApiKeys` (apiKeyManage): a new key and its token, answered this once.
   * VALIDATION names the field (`name`, `permissions` with the permissions not held, `expiresInDays`);
   * CONFLICT a name the tenant already uses.
   */
  createApiKey(request: CreateApiKeyRequest): Promise<CreatedApiKey>;
  /** `DELETE /api2/IDM-v1/ApiKeys/{id}` (apiKeyManage): revokes a key at once; NOT_FOUND for an unknown id. */
  revokeApiKey(id: string): Promise<void>;
}

/** The API key calls over `send`. */
export function apiKeysCalls(send: HttpSend): ApiKeysCalls {
  return {
    listApiKeys: () => send({ method: 'GET', path: KEYS }),
    createApiKey: (request) => send({ method: 'POST', path: KEYS, body: request }),
    revokeApiKey: (id) => send({ method: 'DELETE', path: `${KEYS}/${encodeURIComponent(id)}` }),
  };
}
