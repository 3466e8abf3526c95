import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CertificateTemplate, CreateScepChallengeRequest, RetrievedScepChallenge, ScepChallenge, ScepChallengesResponse } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The `/credentials/certificates/scep/request` and `/retrieveSCEPChallenge/{id}` pages' state. */
export interface ScepState {
  status: 'idle' | 'loading' | 'loaded' | 'loadFailed';
  templates: CertificateTemplate[];
  challenges: ScepChallenge[];
  total: number;
  page: number;
  pageSize: number;
  search: string;
  error: string | null;
  creating: boolean;
  createError: { message: string; field: string | null } | null;
  /** The challenge just created (its link to hand out). */
  created: ScepChallenge | null;
  retrieve: { status: 'idle' | 'fetching' | 'fetched' | 'gone'; result: RetrievedScepChallenge | null; error: string | null };
}

const initialState: ScepState = { status: 'idle', templates: [], challenges: [], total: 0, page: 1, pageSize: 25, search: '', error: null, creating: false, createError: null, created: null, retrieve: { status: 'idle', result: null, error: null } };

/** The SCEP challenge slice. */
export const scepSlice = createSlice({
  name: 'certificatesScep',
  initialState,
  reducers: {
    pageRequested(state, action: PayloadAction<{ page: number; search: string }>) {
      state.status = state.status === 'loaded' ? 'loaded' : 'loading';
      state.page = action.payload.page;
      state.search = action.payload.search;
    },
    loaded(state, action: PayloadAction<{ templates: CertificateTemplate[]; challenges: ScepChallengesResponse }>) {
      state.status = 'loaded';
      state.templates = action.payload.templates;
      state.challenges = action.payload.challenges.challenges;
      state.total = action.payload.challenges.total;
      state.pageSize = action.payload.challenges.pageSize;
      state.error = null;
    },
    loadFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'loadFailed';
      state.error = action.payload.message;
    },
    createRequested(state, _action: PayloadAction<CreateScepChallengeRequest>) {
      state.creating = true;
      state.createError = null;
      state.created = null;
    },
    createdChallenge(state, action: PayloadAction<ScepChallenge>) {
      state.creating = false;
      state.created = action.payload;
    },
    createFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.creating = false;
      state.createError = action.payload;
    },
    retrieveRequested(state, _action: PayloadAction<string>) {
      state.retrieve = { status: 'fetching', result: null, error: null };
    },
    retrieved(state, action: PayloadAction<RetrievedScepChallenge>) {
      state.retrieve = { status: 'fetched', result: action.payload, error: null };
    },
    retrieveFailed(state, action: PayloadAction<{ message: string }>) {
      state.retrieve = { status: 'gone', result: null, error: action.payload.message };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** SCEP challenge events. */
export const scepActions = scepSlice.actions;

/** SCEP challenge selectors. */
export const scepSelectors = {
  select: (state: { certificatesScep?: ScepState }): ScepState => state.certificatesScep ?? initialState,
};
