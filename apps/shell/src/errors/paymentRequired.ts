import { BehaviorSubject, type Observable } from 'rxjs';

const paymentDialogSubject = new BehaviorSubject<boolean>(false);

/** Whether the payment-method dialog is open (a 402 answer opens it: signin §7, admin-console §8). */
export const paymentDialogOpen$: Observable<boolean> = paymentDialogSubject.asObservable();

/** Opens the payment-method dialog. */
export function openPaymentDialog(): void {
  paymentDialogSubject.next(true);
}

/** Closes the payment-method dialog. */
export function closePaymentDialog(): void {
  paymentDialogSubject.next(false);
}
