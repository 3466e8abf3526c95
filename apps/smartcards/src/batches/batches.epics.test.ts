/** @jest-environment jsdom */
import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { createEpicMiddleware } from 'redux-observable';
import { Subject } from 'rxjs';
import { BATCH_PROGRESS_EVENT, type Batch } from '@tessera/domain';
import type { ReaderEvent } from '@tessera/bus';
import type { SmartcardsEpicDependencies } from '../epic';
import { batchStatusEpic } from './batches.epics';
import { batchStatusActions as A, batchStatusSelectors, batchStatusSlice } from './batches.slice';

const batch = (state: Batch['state'], done: number): Batch => ({ batchId: 'b1', state, printOnly: false, reader: 'R', total: 2, done, failed: 0, cards: [], createdAt: '', updatedAt: '' });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function setup(batchPrintStatus: jest.Mock) {
  const readers = new Subject<ReaderEvent>();
  const connectReadersStream = jest.fn().mockReturnValue(jest.fn());
  const bus = { readers$: readers.asObservable(), runCardStream: jest.fn(), connectReadersStream, showToast: jest.fn() };
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, SmartcardsEpicDependencies>({
    dependencies: { api: { batchPrintStatus } as unknown as SmartcardsEpicDependencies['api'], bus, now: Date.now },
  });
  const store = configureStore({ reducer: combineReducers({ [batchStatusSlice.name]: batchStatusSlice.reducer }), middleware: (d) => d().concat(epicMiddleware) });
  epicMiddleware.run(batchStatusEpic);
  return { store, readers, connectReadersStream };
}

describe('batch status epic', () => {
  it("should fetch at once when the server pushes this batch's progress, long before the next 3 s poll, and stop when it is done", async () => {
    const batchPrintStatus = jest.fn().mockResolvedValueOnce(batch('printing', 0)).mockResolvedValueOnce(batch('printing', 1)).mockResolvedValue(batch('done', 2));
    const { store, readers, connectReadersStream } = setup(batchPrintStatus);
    store.dispatch(A.watchRequested('b1'));
    await wait(20);
    expect(batchPrintStatus).toHaveBeenCalledTimes(1);
    expect(connectReadersStream).toHaveBeenCalledWith(expect.stringMatching(/^ws:\/\/.+\/api2\/CMS-v2\/ListReadersStream$/));
    // Another batch's progress is not ours.
    readers.next({ type: BATCH_PROGRESS_EVENT, readerName: 'R', data: { type: BATCH_PROGRESS_EVENT, operationId: 'other', card: 1, step: 'done' } });
    await wait(20);
    expect(batchPrintStatus).toHaveBeenCalledTimes(1);
    readers.next({ type: BATCH_PROGRESS_EVENT, readerName: 'R', data: { type: BATCH_PROGRESS_EVENT, operationId: 'b1', card: 1, step: 'done' } });
    await wait(20);
    expect(batchPrintStatus).toHaveBeenCalledTimes(2);
    expect(batchStatusSelectors.selectState(store.getState()).batch?.done).toBe(1);
    // Several events in a burst: one fetch at once and one after the burst (throttled), not one each.
    for (const state of ['inserted', 'issued', 'printed', 'done']) readers.next({ type: BATCH_PROGRESS_EVENT, readerName: 'R', data: { operationId: 'b1', card: 2, step: state } });
    await wait(400);
    expect(batchPrintStatus.mock.calls.length).toBeLessThanOrEqual(4);
    expect(batchStatusSelectors.selectState(store.getState()).batch?.state).toBe('done');
    // Finished: no more fetches, pushed or polled.
    const calls = batchPrintStatus.mock.calls.length;
    readers.next({ type: BATCH_PROGRESS_EVENT, readerName: 'R', data: { operationId: 'b1', card: 2, step: 'done' } });
    await wait(300);
    expect(batchPrintStatus).toHaveBeenCalledTimes(calls);
  });
});
