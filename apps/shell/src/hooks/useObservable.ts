import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/** The latest value of `source$` (the initial value until it emits); re-subscribes when it changes. */
export function useObservable<T>(source$: Observable<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = source$.subscribe(setValue);
    return () => subscription.unsubscribe();
  }, [source$]);
  return value;
}
