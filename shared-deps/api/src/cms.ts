/** The CMS Client calls (signin §7 "Local client configuration" and "Server calls per version"). */
import type { CardPinRequirements, CardReader, CmsClientGrpcConfig, CmsClientLocalAddress, CmsVersion, PinRequirementsConfig, UpdatePinRequirementsConfigRequest } from '@tessera/domain';
import type { HttpSend } from './http';

/** The CMS Client calls; `v` is the protocol path chosen from the agent's version. */
export interface CmsCalls {
  /** `GET /api2/CMS-v2/CMSClientGRPCConfig`. */
  cmsClientGrpcConfig(): Promise<CmsClientGrpcConfig>;
  /** `GET /api2/CMS-v2/CMSClientLocalAddress`: where the browser finds the local security client (issue 18). */
  cmsClientLocalAddress(): Promise<CmsClientLocalAddress>;
  /** `POST /api2/CMS-v2/CMSClientSessionToken`: a single-use agent token for /connect. */
  cmsClientSessionToken(): Promise<{ SessionCookie: string }>;
  /** `GET /api2/{v}/PingClient`. */
  pingClient(v: CmsVersion): Promise<{ pong: boolean; version: string }>;
  /** `GET /api2/{v}/ListReaders`. */
  listReaders(v: CmsVersion): Promise<{ readers: CardReader[] }>;
  /** `GET /api2/{v}/AnonymousListReaders`. */
  anonymousListReaders(v: CmsVersion): Promise<{ readers: CardReader[] }>;
  /** `POST /api2/{v}/GetReader {card_id{readerName}}`. */
  getReader(v: CmsVersion, readerName: string): Promise<CardReader>;
  /** `POST /api2/{v}/GetPinRequirements` (with `cardTemplateId`: that card template's rules). */
  getPinRequirements(v: CmsVersion, readerName?: string, cardTemplateId?: string): Promise<CardPinRequirements>;
  /** `POST /api2/{v}/ValidatePin {card_id{readerName}, pin}` (403 INCORRECT_PIN on a wrong PIN). */
  validatePin(v: CmsVersion, readerName: string, pin: string): Promise<{ valid: boolean }>;
  /** `POST /api2/{v}/KillSession`. */
  killCmsSession(v: CmsVersion): Promise<{ killed: boolean }>;
  /** `GET /api2/CMS-v2/PinRequirementsConfig` (smartcardManage): the tenant's card PIN policy. */
  pinRequirementsConfig(): Promise<PinRequirementsConfig>;
  /** `PUT /api2/CMS-v2/PinRequirementsConfig` (smartcardManage): sets it; 400 VALIDATION names the field. */
  updatePinRequirementsConfig(body: UpdatePinRequirementsConfigRequest): Promise<PinRequirementsConfig>;
  /** `DELETE /api2/CMS-v2/PinRequirementsConfig` (smartcardManage): back to the default 6–8 digits. */
  resetPinRequirementsConfig(): Promise<PinRequirementsConfig>;
}

const PIN_REQUIREMENTS_CONFIG = '/api2/CMS-v2/PinRequirementsConfig';

/** The CMS Client calls over `send`. */
export function cmsCalls(send: HttpSend): CmsCalls {
  return {
    cmsClientGrpcConfig: () => send({ method: 'GET', path: '/api2/CMS-v2/CMSClientGRPCConfig' }),
    cmsClientLocalAddress: () => send({ method: 'GET', path: '/api2/CMS-v2/CMSClientLocalAddress' }),
    cmsClientSessionToken: () => send({ method: 'POST', path: '/api2/CMS-v2/CMSClientSessionToken' }),
    pingClient: (v) => send({ method: 'GET', path: `/api2/${v}/PingClient` }),
    listReaders: (v) => send({ method: 'GET', path: `/api2/${v}/ListReaders` }),
    anonymousListReaders: (v) => send({ method: 'GET', path: `/api2/${v}/AnonymousListReaders` }),
    getReader: (v, readerName) => send({ method: 'POST', path: `/api2/${v}/GetReader`, body: { card_id: { readerName } } }),
    getPinRequirements: (v, readerName, cardTemplateId) =>
      send({ method: 'POST', path: `/api2/${v}/GetPinRequirements`, body: { ...(readerName ? { card_id: { readerName } } : {}), ...(cardTemplateId ? { card_template_id: cardTemplateId } : {}) } }),
    validatePin: (v, readerName, pin) => send({ method: 'POST', path: `/api2/${v}/ValidatePin`, body: { card_id: { readerName }, pin } }),
    killCmsSession: (v) => send({ method: 'POST', path: `/api2/${v}/KillSession` }),
    pinRequirementsConfig: () => send({ method: 'GET', path: PIN_REQUIREMENTS_CONFIG }),
    updatePinRequirementsConfig: (body) => send({ method: 'PUT', path: PIN_REQUIREMENTS_CONFIG, body }),
    resetPinRequirementsConfig: () => send({ method: 'DELETE', path: PIN_REQUIREMENTS_CONFIG }),
  };
}
