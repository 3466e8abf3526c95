/**
 * Reads of concurrent requests batched into one statement, one batch in flight at a time (the hot paths'
 * per-request reads: a user's access, an issuance's template and CA).
 *
 * A batch is dispatched at setImmediate, once the reader's previous batch has answered; the reads asked for
 * meanwhile join it. Under load the reads then wait for a database that is busy anyway (embedded PGlite has one
 * connection, held by the write transactions of group commit) as one statement rather than as a queue of small
 * ones, each holding the connection for a round trip through the event loop. A lone read waits for nothing more
 * than the turn. Nothing is cached: each read is answered by a statement sent after it was asked for, so a change
 * committed before a request counts for it. Keys asked for twice in a batch are read once.
 */
import DataLoader from 'dataloader';

/** Options of {@link batchedReader}. */
export interface BatchedReaderOptions<K> {
  /** The most keys (duplicates included) a batch carries (default 256). */
  maxBatchSize?: number;
  /** The key's identity (default: a string key itself, else its JSON: keys made at one place, in one shape). */
  keyOf?: (key: K) => string;
}

/** A reader: `load(key)` answers the value of `key`, read with the keys of the same moment. */
export interface BatchedReader<K, V> {
  load(key: K): Promise<V>;
  /** Batches dispatched and keys asked for in them (for tests and figures). */
  readonly stats: { batches: number; keys: number };
}

/** A reader over `read`, which answers one value per distinct key, in order. */
export function batchedReader<K, V>(read: (keys: readonly K[]) => Promise<V[]>, options: BatchedReaderOptions<K> = {}): BatchedReader<K, V> {
  const keyOf = options.keyOf ?? ((key: K) => (typeof key === 'string' ? key : JSON.stringify(key)));
  const maxBatchSize = Math.max(1, options.maxBatchSize ?? 256);
  const stats = { batches: 0, keys: 0 };
  // The batches waiting for their turn (their dispatch functions), and whether one is being read (or is about to be).
  const waiting: (() => void)[] = [];
  let busy = false;
  let called = false;
  const next = (): void => {
    const dispatch = waiting.shift();
    busy = dispatch !== undefined;
    if (!dispatch) return;
    setImmediate(() => {
      called = false;
      dispatch(); // calls the batch function at once, whose end calls next()
      if (!called) next();
    });
  };
  const loader = new DataLoader<K, V, string>(
    async (keys) => {
      called = true;
      try {
        stats.batches += 1;
        stats.keys += keys.length;
        const ids = keys.map(keyOf);
        const distinct = new Map<string, K>();
        keys.forEach((key, i) => {
          if (!distinct.has(ids[i]!)) distinct.set(ids[i]!, key);
        });
        const values = await read([...distinct.values()]);
        if (values.length !== distinct.size) throw new Error(`batchedReader: the read answered ${values.length} values for ${distinct.size} keys`);
        const byId = new Map([...distinct.keys()].map((id, i) => [id, values[i] as V]));
        return ids.map((id) => byId.get(id) as V);
      } finally {
        next();
      }
    },
    {
      cache: false,
      maxBatchSize,
      batchScheduleFn: (dispatch) => {
        waiting.push(dispatch);
        if (!busy) next();
      },
    },
  );
  return { load: (key) => loader.load(key), stats };
}
