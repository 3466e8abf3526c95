/** Batched reads (issue 12's hot path): one statement for the reads of a moment, one batch in flight at a time. */
import { batchedReader } from './batched-reads';

/** A read whose answers the test releases by hand; records the keys of each call. */
function manualRead() {
  const calls: string[][] = [];
  const answers: (() => void)[] = [];
  const fail: ((error: Error) => void)[] = [];
  const read = (keys: readonly string[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push([...keys]);
      answers.push(() => resolve(keys.map((k) => `value of ${k}`)));
      fail.push(reject);
    });
  return { read, calls, answers, fail };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedReader', () => {
  it('should read a lone key at the next turn, with nothing else waited for', async () => {
    const { read, calls, answers } = manualRead();
    const reader = batchedReader(read);
    const value = reader.load('a');
    await turn();
    expect(calls).toEqual([['a']]);
    answers[0]!();
    await expect(value).resolves.toBe('value of a');
  });

  it('should hold the next batch while one is in flight, and send the keys asked for meanwhile as one read', async () => {
    const { read, calls, answers } = manualRead();
    const reader = batchedReader(read);
    const first = reader.load('a');
    await turn();
    expect(calls).toHaveLength(1);
    // Asked for over several turns while the first read is unanswered: none of them is sent yet.
    const later = [reader.load('b')];
    await turn();
    later.push(reader.load('c'));
    await turn();
    later.push(reader.load('d'));
    await turn();
    expect(calls).toEqual([['a']]);
    answers[0]!();
    await expect(first).resolves.toBe('value of a');
    await turn();
    await turn();
    expect(calls).toEqual([['a'], ['b', 'c', 'd']]);
    answers[1]!();
    await expect(Promise.all(later)).resolves.toEqual(['value of b', 'value of c', 'value of d']);
    expect(reader.stats).toEqual({ batches: 2, keys: 4 });
  });

  it('should read a key asked for twice in a batch once and answer both', async () => {
    const { read, calls, answers } = manualRead();
    const reader = batchedReader((keys: readonly { id: string }[]) => read(keys.map((k) => k.id)));
    const both = Promise.all([reader.load({ id: 'x' }), reader.load({ id: 'y' }), reader.load({ id: 'x' })]);
    await turn();
    expect(calls).toEqual([['x', 'y']]);
    answers[0]!();
    await expect(both).resolves.toEqual(['value of x', 'value of y', 'value of x']);
  });

  it('should split a batch at maxBatchSize keys', async () => {
    const { read, calls, answers } = manualRead();
    const reader = batchedReader(read, { maxBatchSize: 2 });
    const all = Promise.all(['a', 'b', 'c'].map((k) => reader.load(k)));
    await turn();
    expect(calls).toEqual([['a', 'b']]);
    answers[0]!();
    await turn();
    await turn();
    expect(calls).toEqual([['a', 'b'], ['c']]);
    answers[1]!();
    await expect(all).resolves.toEqual(['value of a', 'value of b', 'value of c']);
  });

  it('should fail every key of a failed read and still send the next batch', async () => {
    const { read, calls, answers, fail } = manualRead();
    const reader = batchedReader(read);
    const failed = Promise.allSettled([reader.load('a'), reader.load('b')]);
    await turn();
    const next = reader.load('c');
    fail[0]!(new Error('database gone'));
    expect((await failed).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await turn();
    await turn();
    expect(calls).toEqual([['a', 'b'], ['c']]);
    answers[1]!();
    await expect(next).resolves.toBe('value of c');
  });

  it('should refuse a read that answers fewer values than keys', async () => {
    const reader = batchedReader(async (keys: readonly string[]) => keys.slice(1));
    await expect(reader.load('a')).rejects.toThrow('answered 0 values for 1 keys');
  });
});
