/** `toasts$`: toasts any app asks the shell's toast host to show (signin §9). */
import { Subject, type Observable } from 'rxjs';
import type { ToastInput } from '@tessera/domain';

const toastSubject = new Subject<ToastInput>();

/** Toasts to show; no replay: the toast host subscribes before any app can ask. */
export const toasts$: Observable<ToastInput> = toastSubject.asObservable();

/** Asks the toast host to show a toast (type, title, message). */
export function showToast(input: ToastInput): void {
  toastSubject.next(input);
}
