/** A first-come-first-served async lock. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  /** Waits for the lock; resolves to the function that releases it (call it exactly once). */
  async lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => next);
    await previous;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  }

  /** Runs `fn` holding the lock. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.lock();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
