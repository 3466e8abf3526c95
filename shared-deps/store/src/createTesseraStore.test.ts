import { createSlice, type Action, type PayloadAction } from '@reduxjs/toolkit';
import { ofType } from 'redux-observable';
import { filter, map, throwError } from 'rxjs';
import * as bus from '@tessera/bus';
import type { ApiClient } from '@tessera/api';
import { createTesseraStore, type AppEpic, type StoreDependencies } from './createTesseraStore';
import { resetAll } from './resetAll';

const counterSlice = createSlice({
  name: 'counter',
  initialState: { value: 0, pingedAt: null as number | null },
  reducers: {
    incremented: (state) => {
      state.value += 1;
    },
    pinged: () => undefined,
    ponged: (state, action: PayloadAction<number>) => {
      state.pingedAt = action.payload;
    },
  },
});
const { incremented, pinged, ponged } = counterSlice.actions;

const pingEpic: AppEpic = (action$, _state$, { now }) =>
  action$.pipe(
    ofType(pinged.type),
    map((): Action => ponged(now())),
  );

function deps(): StoreDependencies {
  return { api: {} as ApiClient, bus, now: () => 1234 };
}

describe('createTesseraStore', () => {
  it('should show an injected slice with its initial state at once', () => {
    const store = createTesseraStore(deps());
    expect(store.getState()).toEqual({});
    store.injectSlice(counterSlice);
    expect(store.getState()).toEqual({ counter: { value: 0, pingedAt: null } });
    store.dispatch(incremented());
    expect(store.getState().counter).toEqual({ value: 1, pingedAt: null });
  });

  it('should run an injected epic with the dependencies', () => {
    const store = createTesseraStore(deps());
    store.injectSlice(counterSlice);
    store.injectEpic(pingEpic);
    store.dispatch(pinged());
    expect(store.getState().counter).toEqual({ value: 0, pingedAt: 1234 });
  });

  it('should start an epic only once however often it is injected', () => {
    const store = createTesseraStore(deps());
    const seen: string[] = [];
    const spyEpic: AppEpic = (action$) =>
      action$.pipe(
        filter(pinged.match),
        map((a): Action => (seen.push(a.type), ponged(1))),
      );
    store.injectSlice(counterSlice);
    store.injectEpic(spyEpic);
    store.injectEpic(spyEpic);
    store.dispatch(pinged());
    expect(seen).toEqual(['counter/pinged']);
  });

  it('should clear every slice on resetAll', () => {
    const store = createTesseraStore(deps());
    store.injectSlice(counterSlice);
    store.dispatch(incremented());
    store.dispatch(resetAll());
    expect(store.getState().counter).toEqual({ value: 0, pingedAt: null });
    expect(resetAll.type).toBe('tessera/resetAll');
  });

  it('should keep the other epics running when one fails', () => {
    const onEpicError = jest.fn();
    const store = createTesseraStore(deps(), { onEpicError });
    store.injectSlice(counterSlice);
    store.injectEpic(() => throwError(() => new Error('broken')));
    store.injectEpic(pingEpic);
    store.dispatch(pinged());
    expect(onEpicError).toHaveBeenCalledWith(expect.objectContaining({ message: 'broken' }));
    expect(store.getState().counter).toMatchObject({ pingedAt: 1234 });
  });
});
