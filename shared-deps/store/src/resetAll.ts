/** The action that clears all state (signin §4: "A failed check signs the user out and clears all state"). */
import { createAction } from '@reduxjs/toolkit';

/**
 * `tessera/resetAll`: every slice returns to its initial state. The store's root reducer does this
 * for every injected slice; a slice may also handle it in `extraReducers` for extra clean-up.
 */
export const resetAll = createAction('tessera/resetAll');

/** Dispatched after a slice is injected so its initial state appears at once. */
export const sliceInjected = createAction<string>('tessera/sliceInjected');
