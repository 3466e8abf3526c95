/**
 * Request body limits. Every route accepts {@link BODY_LIMIT_BYTES}; a route that takes a file says
 * `config: {upload: true}` and accepts a 10 MB file (signin §5, §9: `MAX_FILE_SIZE_BYTES` in domain) sent
 * base64 in a JSON body. No route sets `bodyLimit` itself.
 */
import { APPLET_LIMITS, ENROLMENT_MAX_BODY_BYTES, MAX_FILE_SIZE_BYTES } from '@tessera/domain';

/** Largest accepted request body of an ordinary route: 1 MiB (docs/api.md). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Room for the JSON around an uploaded file (its name, type and other fields). */
const UPLOAD_ENVELOPE_BYTES = 64 * 1024;

/** Largest accepted body of an upload route: a file of `MAX_FILE_SIZE_BYTES` in base64, plus its envelope. */
export const UPLOAD_BODY_LIMIT_BYTES = Math.ceil(MAX_FILE_SIZE_BYTES / 3) * 4 + UPLOAD_ENVELOPE_BYTES;

/** Largest accepted body of a CAP upload (`config: {upload: 'cap'}`, issue 16): a CAP file of `APPLET_LIMITS.capMaxBytes` in base64, plus its envelope. */
export const CAP_BODY_LIMIT_BYTES = Math.ceil(APPLET_LIMITS.capMaxBytes / 3) * 4 + UPLOAD_ENVELOPE_BYTES;

/** The body limit of a route from its config. */
export function bodyLimitOf(config: { upload?: boolean | 'cap' | 'enrolment' } | undefined): number {
  if (config?.upload === 'cap') return CAP_BODY_LIMIT_BYTES;
  // SCEP and EST messages (issue 17) are binary or base64 bodies, not JSON: their own, smaller limit.
  if (config?.upload === 'enrolment') return ENROLMENT_MAX_BODY_BYTES;
  return config?.upload === true ? UPLOAD_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
}

/** The 413 message for a route's limit, in the unit people read. */
export function payloadTooLargeMessage(limitBytes: number): string {
  if (limitBytes === CAP_BODY_LIMIT_BYTES) return `The request body is larger than a CAP file of ${APPLET_LIMITS.capMaxBytes / 1024} KB allows`;
  if (limitBytes >= UPLOAD_BODY_LIMIT_BYTES) return `The request body is larger than a file of ${MAX_FILE_SIZE_BYTES / (1024 * 1024)} MB allows`;
  if (limitBytes < 1024 * 1024) return `The request body is larger than ${Math.round(limitBytes / 1024)} KiB`;
  const mib = limitBytes / (1024 * 1024);
  return `The request body is larger than ${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB`;
}
