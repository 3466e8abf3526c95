/** Authentication-v1 calls and the legacy sign-in calls (docs/api.md; signin §7). */
import type { AnonymousSessionResponse, DisclaimerResponse, LoginRequest, LoginResponse, SessionInfo, Viewer } from '@tessera/domain';
import { XSRF_PATH, type HttpSend } from './http';

const AUTH = '/api2/Authentication-v1';

/** The Authentication-v1 calls. */
export interface AuthenticationCalls {
  /** `GET /api2/Authentication-v1/Xsrf` → 204: makes the server set the `XSRF-TOKEN` cookie. */
  getXsrf(): Promise<void>;
  /** `POST /api2/Authentication-v1/login`; rejects INVALID_CREDENTIALS 'Check Username and Password' or LOGIN_THROTTLED. */
  login(request: LoginRequest): Promise<LoginResponse>;
  /** `POST /api2/Authentication-v1/check-session`: the session's timing, without extending it. */
  checkSession(): Promise<SessionInfo>;
  /** `POST /api2/Authentication-v1/refresh-session`: extends the idle expiry. */
  refreshSession(): Promise<SessionInfo>;
  /** `POST /api2/Authentication-v1/logout` → 204 (idempotent). */
  logout(): Promise<void>;
  /** `POST /api2/Authentication-v1/AnonymousSession`. */
  anonymousSession(): Promise<AnonymousSessionResponse>;
  /** `GET /api2/Authentication-v1/Disclaimer`. */
  disclaimer(): Promise<DisclaimerResponse>;
  /** `GET /api/login` (legacy): the signed-in viewer with the permission object. */
  getViewer(): Promise<Viewer>;
  /** `POST /api/logout` (legacy alias of logout) → 204. */
  legacyLogout(): Promise<void>;
}

/** The Authentication-v1 calls over `send`. */
export function authenticationCalls(send: HttpSend): AuthenticationCalls {
  return {
    getXsrf: () => send({ method: 'GET', path: XSRF_PATH }),
    login: (request) => send({ method: 'POST', path: `${AUTH}/login`, body: request }),
    checkSession: () => send({ method: 'POST', path: `${AUTH}/check-session` }),
    refreshSession: () => send({ method: 'POST', path: `${AUTH}/refresh-session` }),
    logout: () => send({ method: 'POST', path: `${AUTH}/logout` }),
    anonymousSession: () => send({ method: 'POST', path: `${AUTH}/AnonymousSession` }),
    disclaimer: () => send({ method: 'GET', path: `${AUTH}/Disclaimer` }),
    getViewer: () => send({ method: 'GET', path: '/api/login' }),
    legacyLogout: () => send({ method: 'POST', path: '/api/logout' }),
  };
}
