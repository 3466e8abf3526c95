/**
 * Certificate endpoints of a device (issue 13; admin-console §3 "device endpoints and certificate endpoint
 * map"): where a device presents a TLS certificate, the rules of their fields, and the status of what a
 * scan saw there. One home for both tiers.
 */
import { isValidHostname, isValidIpv4 } from './ipv4';

/** Most endpoints one device may have. */
export const MAX_ENDPOINTS_PER_DEVICE = 20;
/** A certificate expiring within this many days is "expiring". */
export const ENDPOINT_EXPIRING_DAYS = 30;
/** How long a scan waits for the TLS handshake. */
export const ENDPOINT_SCAN_TIMEOUT_MS = 5_000;

/** Messages of the endpoint rules. */
export const ENDPOINT_MESSAGES = {
  HOST_INVALID: 'Enter a DNS name or an IPv4 address, such as www.acme.example or 10.0.0.5.',
  PORT_INVALID: 'Enter a port from 1 to 65535.',
  SERVER_NAME_INVALID: 'Enter the TLS server name (SNI) as a DNS name, or leave it empty.',
  DUPLICATE: 'This device already has an endpoint at this host and port.',
  TOO_MANY: `A device has at most ${MAX_ENDPOINTS_PER_DEVICE} certificate endpoints.`,
  SCAN_REFUSED: 'The connection was refused.',
  SCAN_TIMEOUT: 'No TLS handshake within 5 seconds.',
  SCAN_NOT_FOUND: 'The host name was not found.',
  SCAN_NO_CERTIFICATE: 'The endpoint presented no certificate.',
} as const;

/** Status of the certificate last seen at an endpoint. */
export type EndpointCertificateStatus = 'not_scanned' | 'error' | 'valid' | 'expiring' | 'expired' | 'unknown' | 'revoked';
/** Every status, in the order a list shows them. */
export const ENDPOINT_CERTIFICATE_STATUSES: readonly EndpointCertificateStatus[] = ['not_scanned', 'error', 'valid', 'expiring', 'expired', 'unknown', 'revoked'];

/** A certificate endpoint of a device. */
export interface DeviceEndpoint {
  id: string;
  deviceId: string;
  /** Host name of the device (in the tenant-wide list). */
  deviceHostname: string;
  host: string;
  port: number;
  /** SNI name sent in the handshake, '' for none. */
  serverName: string;
  label: string;
  lastScanAt: string | null;
  lastScanError: string | null;
  certificate: {
    fingerprint: string;
    serialNumber: string;
    issuer: string;
    subject: string;
    notAfter: string;
    /** certId (`caId:serial`) of the matching Tessera certificate, null when Tessera did not issue it. */
    certId: string | null;
    /** Status of the matching Tessera certificate (`issued`, `revoked`, …), null when none. */
    tesseraStatus: string | null;
  } | null;
  status: EndpointCertificateStatus;
  createdAt: string;
}

/** Fields of a new or edited endpoint. */
export interface DeviceEndpointInput {
  host: string;
  port: number;
  serverName?: string;
  label?: string;
}

/** A field problem of an endpoint input: `[field, message]`, or null. */
export function endpointInputProblem(input: DeviceEndpointInput): [keyof DeviceEndpointInput, string] | null {
  const host = input.host.trim();
  if (!(isValidIpv4(host) || (isValidHostname(host) && /[a-z]/i.test(host)))) return ['host', ENDPOINT_MESSAGES.HOST_INVALID];
  if (!Number.isInteger(input.port) || input.port < 1 || input.port > 65535) return ['port', ENDPOINT_MESSAGES.PORT_INVALID];
  const sni = (input.serverName ?? '').trim();
  if (sni !== '' && !(isValidHostname(sni) && /[a-z]/i.test(sni))) return ['serverName', ENDPOINT_MESSAGES.SERVER_NAME_INVALID];
  return null;
}

/**
 * Status of what a scan saw: revoked in Tessera first, then expired, expiring within
 * ENDPOINT_EXPIRING_DAYS, unknown to Tessera, else valid.
 */
export function endpointCertificateStatus(seen: { notAfter: string | Date; tesseraStatus: string | null; matched: boolean } | null, scanError: string | null, now: number): EndpointCertificateStatus {
  if (!seen) return scanError ? 'error' : 'not_scanned';
  if (seen.tesseraStatus === 'revoked') return 'revoked';
  const notAfter = new Date(seen.notAfter).getTime();
  if (notAfter <= now) return 'expired';
  if (notAfter - now <= ENDPOINT_EXPIRING_DAYS * 86_400_000) return 'expiring';
  if (!seen.matched) return 'unknown';
  return 'valid';
}
