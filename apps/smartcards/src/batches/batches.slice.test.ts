import type { Batch } from '@tessera/domain';
import { batchFinished, batchStatusActions as A, batchStatusSlice, batchStatusSelectors } from './batches.slice';

const batch = (state: Batch['state'], batchId = 'b1'): Batch => ({ batchId, state, printOnly: false, reader: 'R', total: 2, done: state === 'done' ? 2 : 0, failed: 0, cards: [], createdAt: '', updatedAt: '' });

describe('batch status slice', () => {
  it('should follow a batch, keep it while the same batch is watched again, and drop it for another', () => {
    let state = batchStatusSlice.reducer(undefined, A.watchRequested('b1'));
    expect(state).toMatchObject({ batchId: 'b1', polling: true, batch: null });
    state = batchStatusSlice.reducer(state, A.loaded(batch('printing')));
    state = batchStatusSlice.reducer(state, A.watchRequested('b1'));
    expect(state.batch?.batchId).toBe('b1');
    state = batchStatusSlice.reducer(state, A.loadFailed('offline'));
    expect(state.error).toBe('offline');
    state = batchStatusSlice.reducer(state, A.watchRequested('b2'));
    expect(state).toMatchObject({ batchId: 'b2', batch: null, error: null });
    state = batchStatusSlice.reducer(state, A.watchStopped());
    expect(batchStatusSelectors.selectState({ smartcardsBatchStatus: state }).polling).toBe(false);
  });

  it('should tell a finished batch from one still to follow', () => {
    expect(batchFinished(batch('done'))).toBe(true);
    expect(batchFinished(batch('partial'))).toBe(true);
    expect(batchFinished(batch('failed'))).toBe(true);
    expect(batchFinished(batch('printing'))).toBe(false);
    expect(batchFinished(batch('new'))).toBe(false);
  });
});
