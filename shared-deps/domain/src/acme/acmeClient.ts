/**
 * The console as an ACME client (admin-console §4 "ACME order flow: registration, order, authorisation,
 * validation, finalisation, certificate fetch. Replay nonces are kept in 4 slots."; §2.2 `le/upload`
 * [uploadLECert]; issue 17): the steps in their order, the rule that moves a run through them, the replay-nonce
 * slots, and the input rules of a run. Pure: the server drives a run with these, the console shows them.
 */
import { domainPermitted, normaliseAllowedDomain } from './allowedDomains';

/** The steps of the ACME order flow, in the order admin-console §4 lists them. */
export const ACME_CLIENT_STEPS = ['registration', 'order', 'authorisation', 'validation', 'finalisation', 'certificate fetch'] as const;
/** One step of the ACME order flow. */
export type AcmeClientStep = (typeof ACME_CLIENT_STEPS)[number];
/** The state of one step: not reached, under way, done, or failed (which ends the run). */
export const ACME_CLIENT_STEP_STATES = ['pending', 'running', 'done', 'failed'] as const;
/** A step's state. */
export type AcmeClientStepState = (typeof ACME_CLIENT_STEP_STATES)[number];
/** The state of a whole run: under way, succeeded (every step done) or failed (one step failed). */
export type AcmeClientRunState = 'running' | 'succeeded' | 'failed';

/** A step with its state, what it found (`detail`) and when it last changed. */
export interface AcmeClientStepProgress {
  step: AcmeClientStep;
  state: AcmeClientStepState;
  detail: string | null;
  at: string | null;
}

/** An event of a run: a step starts, ends, or fails with a message. */
export type AcmeClientEvent = { type: 'started'; step: AcmeClientStep; at: string } | { type: 'done'; step: AcmeClientStep; at: string; detail?: string } | { type: 'failed'; step: AcmeClientStep; at: string; message: string };

/** Every step pending: a run that has not started. */
export function initialAcmeClientSteps(): AcmeClientStepProgress[] {
  return ACME_CLIENT_STEPS.map((step) => ({ step, state: 'pending', detail: null, at: null }));
}

/**
 * The state machine of the ACME order flow. A step starts only when every step before it is done and none has
 * failed; only the running step ends or fails; after a failure nothing moves. Returns the new steps.
 * @throws Error naming the step and the event that may not happen
 */
export function advanceAcmeClient(steps: readonly AcmeClientStepProgress[], event: AcmeClientEvent): AcmeClientStepProgress[] {
  const index = ACME_CLIENT_STEPS.indexOf(event.step);
  const current = steps[index];
  if (!current || steps.length !== ACME_CLIENT_STEPS.length) throw new Error(`ACME client: unknown step '${event.step}'`);
  if (steps.some((s) => s.state === 'failed')) throw new Error(`ACME client: the run has failed; '${event.step}' cannot ${event.type === 'started' ? 'start' : 'end'}`);
  if (event.type === 'started') {
    if (current.state !== 'pending') throw new Error(`ACME client: '${event.step}' is ${current.state}, not pending`);
    const before = steps.slice(0, index).find((s) => s.state !== 'done');
    if (before) throw new Error(`ACME client: '${event.step}' cannot start before '${before.step}' is done`);
  } else if (current.state !== 'running') {
    throw new Error(`ACME client: '${event.step}' is ${current.state}, not running`);
  }
  const next: AcmeClientStepProgress =
    event.type === 'started' ? { step: event.step, state: 'running', detail: null, at: event.at } : event.type === 'done' ? { step: event.step, state: 'done', detail: event.detail ?? null, at: event.at } : { step: event.step, state: 'failed', detail: event.message, at: event.at };
  return steps.map((s, i) => (i === index ? next : { ...s }));
}

/** The state of a run from its steps. */
export function acmeClientRunState(steps: readonly AcmeClientStepProgress[]): AcmeClientRunState {
  if (steps.some((s) => s.state === 'failed')) return 'failed';
  return steps.length === ACME_CLIENT_STEPS.length && steps.every((s) => s.state === 'done') ? 'succeeded' : 'running';
}

/** How many replay nonces the client keeps (admin-console §4). */
export const ACME_REPLAY_NONCE_SLOTS = 4;

/**
 * Keeps a replay nonce the server sent (RFC 8555 §6.5: each answer carries one) in the slots: the newest goes
 * in; when all 4 slots are full the oldest is dropped; an empty value or one already kept changes nothing.
 * Slots are ordered oldest first.
 */
export function keepNonce(slots: readonly string[], nonce: string | null | undefined): string[] {
  const value = (nonce ?? '').trim();
  if (value === '' || slots.includes(value)) return [...slots];
  return [...slots, value].slice(-ACME_REPLAY_NONCE_SLOTS);
}

/**
 * Takes a nonce for the next signed request: the newest kept (the least likely to have expired), which leaves
 * its slot (a nonce is used once). `nonce` is null when every slot is empty: the client then asks newNonce.
 */
export function takeNonce(slots: readonly string[]): { nonce: string | null; slots: string[] } {
  if (slots.length === 0) return { nonce: null, slots: [] };
  return { nonce: slots[slots.length - 1]!, slots: slots.slice(0, -1) };
}

/** What `POST /api2/Certificates-v1/AcmeClientOrder` takes: the ACME directory, the name, and an optional EAB. */
export interface AcmeClientOrderRequest {
  /** The directory URL of any ACME server (RFC 8555 §7.1.1), http or https. */
  directoryUrl: string;
  /** One DNS name the tenant's allowed domains permit (http-01: no wildcard). */
  domain: string;
  /** External account binding (RFC 8555 §7.3.4): the key id and the base64url HMAC key, both or neither. */
  eabKeyId?: string;
  eabHmacKey?: string;
  /** Contact e-mail of the account (optional). */
  email?: string;
}

/** A run of the ACME client as the console sees it (`GET /api2/Certificates-v1/AcmeClientOrder/{runId}`). */
export interface AcmeClientRun {
  runId: string;
  directoryUrl: string;
  domain: string;
  state: AcmeClientRunState;
  steps: AcmeClientStepProgress[];
  /** The failed step's message, when the run failed. */
  error: string | null;
  /** The stored certificate (`view/{certId}`), when the run succeeded. */
  certId: string | null;
  createdAt: string;
}

/** The allowed domains the client may order for (`GET /api2/Certificates-v1/AcmeClientDomains`). */
export interface AcmeClientDomainsResponse {
  domains: string[];
}

/** Messages of the ACME client's input rules. */
export const ACME_CLIENT_MESSAGES = {
  DIRECTORY_URL: 'must be the http or https URL of an ACME directory',
  WILDCARD: 'is a wildcard: http-01 validation needs one name (for example www.example.com)',
  NOT_ALLOWED: "is not in your allowed domains (/admin/alloweddomains)",
  EAB_PAIR: 'give the key id and the HMAC key of the external account binding together',
  EAB_HMAC: 'must be the base64url HMAC key of the external account binding',
} as const;

/** The first problem of a run's input as `{field, message}`, or null when it may start. */
export function acmeClientOrderProblem(request: AcmeClientOrderRequest, allowedDomains: readonly string[]): { field: keyof AcmeClientOrderRequest; message: string } | null {
  let url: URL | null = null;
  try {
    url = new URL(request.directoryUrl.trim());
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return { field: 'directoryUrl', message: ACME_CLIENT_MESSAGES.DIRECTORY_URL };
  const name = normaliseAllowedDomain(request.domain);
  if (!name.ok) return { field: 'domain', message: name.message };
  if (name.domain.startsWith('*.')) return { field: 'domain', message: `${name.domain} ${ACME_CLIENT_MESSAGES.WILDCARD}` };
  if (!domainPermitted(name.domain, allowedDomains)) return { field: 'domain', message: `${name.domain} ${ACME_CLIENT_MESSAGES.NOT_ALLOWED}` };
  const keyId = (request.eabKeyId ?? '').trim();
  const hmac = (request.eabHmacKey ?? '').trim();
  if ((keyId === '') !== (hmac === '')) return { field: keyId === '' ? 'eabKeyId' : 'eabHmacKey', message: ACME_CLIENT_MESSAGES.EAB_PAIR };
  if (hmac !== '' && !/^[A-Za-z0-9_-]{16,}$/.test(hmac)) return { field: 'eabHmacKey', message: ACME_CLIENT_MESSAGES.EAB_HMAC };
  return null;
}
