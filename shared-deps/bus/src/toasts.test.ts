import { TestScheduler } from 'rxjs/testing';
import { showToast, toasts$ } from './toasts';
import { publishReaderEvent, readers$ } from './readers';

describe('toasts$', () => {
  it('should carry each toast to subscribers without replay', () => {
    showToast({ type: 'info', title: 'early', message: 'lost' });
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    scheduler.run(({ cold, expectObservable }) => {
      const toast = { type: 'error' as const, title: 'Too Many Requests', message: "You're making too many requests too quickly! Please slow down." };
      cold('--a|', { a: toast }).subscribe(showToast);
      expectObservable(toasts$).toBe('--a', { a: toast });
    });
  });
});

describe('readers$', () => {
  it('should carry reader events', () => {
    const seen: unknown[] = [];
    const subscription = readers$.subscribe((event) => seen.push(event));
    publishReaderEvent({ type: 'cardInserted', readerName: 'Virtual PCD 00 00' });
    subscription.unsubscribe();
    expect(seen).toEqual([{ type: 'cardInserted', readerName: 'Virtual PCD 00 00' }]);
  });
});
