/** SCEP challenges and Intune settings (issue 17; admin-console §2.1 `/retrieveSCEPChallenge/{id}`, §2.2 `/credentials/certificates/scep/request`, `/config/scep`; docs/api.md "SCEP"). */
import type { CreateScepChallengeRequest, IntuneScepConfig, IntuneScepConfigInput, RetrievedScepChallenge, ScepChallenge, ScepChallengesResponse } from '@tessera/domain';
import type { HttpSend } from './http';

const S = '/api2/SCEP-v1';

/** The SCEP-v1 calls. */
export interface ScepCalls {
  /** `GET /api2/SCEP-v1/Challenges` [certScep]: the tenant's one-time challenges, newest first, paged, searched by template name. */
  listScepChallenges(query?: { page?: number; search?: string }): Promise<ScepChallengesResponse>;
  /** `POST /api2/SCEP-v1/Challenge` [certScep]: a new one-time challenge for a template (no password in the answer). */
  createScepChallenge(request: CreateScepChallengeRequest): Promise<ScepChallenge>;
  /** `POST /api2/SCEP-v1/RetrieveChallenge` (public): the password, once; NOT_FOUND afterwards. */
  retrieveScepChallenge(id: string): Promise<RetrievedScepChallenge>;
  /** `GET /api2/SCEP-v1/IntuneConfiguration` [manageIntuneScepAuthConfiguration]. */
  getIntuneScepConfig(): Promise<IntuneScepConfig>;
  /** `PUT /api2/SCEP-v1/IntuneConfiguration` [manageIntuneScepAuthConfiguration]. */
  saveIntuneScepConfig(config: IntuneScepConfigInput): Promise<IntuneScepConfig>;
}

/** The SCEP-v1 calls over `send`. */
export function scepCalls(send: HttpSend): ScepCalls {
  return {
    listScepChallenges: (query = {}) => send({ method: 'GET', path: `${S}/Challenges`, query: { page: query.page, search: query.search } }),
    createScepChallenge: (request) => send({ method: 'POST', path: `${S}/Challenge`, body: request }),
    retrieveScepChallenge: (id) => send({ method: 'POST', path: `${S}/RetrieveChallenge`, body: { id } }),
    getIntuneScepConfig: () => send({ method: 'GET', path: `${S}/IntuneConfiguration` }),
    saveIntuneScepConfig: (config) => send({ method: 'PUT', path: `${S}/IntuneConfiguration`, body: config }),
  };
}
