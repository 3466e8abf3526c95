/**
 * Toast rules of signin §9, pure: the toast host keeps a {@link ToastState} and applies these.
 * Top-right, newest on top, duplicates suppressed, 3000 ms or the tenancy toastrTimeout, message-type
 * toasts with no timeout and no remove-on-hover, forced close after 6000 ms, hover removal after
 * 1000 ms, close button shown, a log of the newest 20.
 */
import type { ErrorCode } from './api-types';
import { TOAST_DEFAULT_TIMEOUT_MS, TOAST_LOG_SIZE } from './constants';
import { COMMON_MESSAGES as MESSAGES } from './messages';

/** The kinds of toast (signin §3). */
export type ToastKind = 'light' | 'message' | 'info' | 'success' | 'warning' | 'error';

/** What a caller asks to show (signin §3 "Notification (toast): type, title, message"). */
export interface ToastInput {
  type: ToastKind;
  title: string;
  message: string;
}

/** A toast the host holds. */
export type Toast = ToastInput & {
  id: string;
  /** Epoch ms when it was shown. */
  createdAt: number;
};

/** The toasts on screen and the log. */
export interface ToastState {
  /** On screen, newest first. */
  visible: readonly Toast[];
  /** The newest {@link TOAST_LOG_SIZE} toasts shown, newest first. */
  log: readonly Toast[];
}

/** No toasts. */
export const EMPTY_TOAST_STATE: ToastState = Object.freeze({ visible: Object.freeze([]), log: Object.freeze([]) });

/**
 * How long a toast stays: null (until closed) for `message` toasts, else the tenancy toastrTimeout when
 * it is a positive number, else 3000 ms (signin §9).
 */
export function toastTimeoutMs(kind: ToastKind, tenancyTimeout?: number | null): number | null {
  if (kind === 'message') return null;
  return typeof tenancyTimeout === 'number' && Number.isFinite(tenancyTimeout) && tenancyTimeout > 0 ? tenancyTimeout : TOAST_DEFAULT_TIMEOUT_MS;
}

/** Whether hovering removes the toast (after 1000 ms): every kind but `message` (signin §9). */
export function toastRemovesOnHover(kind: ToastKind): boolean {
  return kind !== 'message';
}

function sameToast(a: ToastInput, b: ToastInput): boolean {
  return a.type === b.type && a.title === b.title && a.message === b.message;
}

/**
 * Shows a toast: newest first, and into the log, which keeps the newest 20. A toast equal (type,
 * title and message) to one still on screen is suppressed and the state returned unchanged (signin §9).
 */
export function addToast(state: ToastState, input: ToastInput, now: number, id: string): ToastState {
  if (state.visible.some((toast) => sameToast(toast, input))) return state;
  const toast: Toast = { type: input.type, title: input.title, message: input.message, id, createdAt: now };
  return { visible: [toast, ...state.visible], log: [toast, ...state.log].slice(0, TOAST_LOG_SIZE) };
}

/** Takes a toast off the screen; it stays in the log. */
export function removeToast(state: ToastState, id: string): ToastState {
  if (!state.visible.some((toast) => toast.id === id)) return state;
  return { visible: state.visible.filter((toast) => toast.id !== id), log: state.log };
}

/**
 * The toast of a global answer (signin §7, §8; admin-console §8): 429 Too Many Requests and 503 Audit
 * failed show error toasts; other codes none (401 redirects, 402 opens the payment dialog).
 */
export function toastForGlobalError(code: ErrorCode): ToastInput | null {
  if (code === 'TOO_MANY_REQUESTS') return { type: 'error', title: MESSAGES.TOO_MANY_REQUESTS_TITLE, message: MESSAGES.TOO_MANY_REQUESTS_BODY };
  if (code === 'AUDIT_FAILED') return { type: 'error', title: MESSAGES.AUDIT_OFFLINE_TITLE, message: MESSAGES.AUDIT_OFFLINE_BODY };
  return null;
}
