import * as bus from '@tessera/bus';
import type { ApiClient } from '@tessera/api';
import { _pageStoreInternals, configureStoreDependencies, getStore, injectSlice } from './pageStore';
import { createSlice } from '@reduxjs/toolkit';

const slice = createSlice({ name: 'page', initialState: { on: true }, reducers: {} });

describe('getStore', () => {
  afterEach(() => _pageStoreInternals.reset());

  it('should refuse to create the store before the dependencies are set', () => {
    expect(() => getStore()).toThrow('configureStoreDependencies');
  });

  it('should create one store per page', () => {
    configureStoreDependencies({ api: {} as ApiClient, bus, now: () => 0 });
    expect(getStore()).toBe(getStore());
    injectSlice(slice);
    expect(getStore().getState()).toEqual({ page: { on: true } });
  });

  it('should refuse new dependencies once the store exists', () => {
    configureStoreDependencies({ api: {} as ApiClient, bus, now: () => 0 });
    getStore();
    expect(() => configureStoreDependencies({ api: {} as ApiClient, bus, now: () => 1 })).toThrow('already exists');
  });
});
