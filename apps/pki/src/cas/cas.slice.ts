import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CaLicensingRequest, CertificateAuthority, CreateCaRequest, ImportCaRequest } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The certificate authorities of the tenant, as the CA pages and the visualiser show them. */
export interface CasState {
  status: 'idle' | 'loading' | 'loaded' | 'loadFailed';
  cas: CertificateAuthority[];
  loadError: string | null;
  creating: boolean;
  /** Why the last create failed, and the field the refusal names. */
  createError: { message: string; field: string | null } | null;
  /** The id of the CA just created or imported (the page goes to it). */
  createdId: string | null;
  importing: boolean;
  /** Why the last import failed, and the field the refusal names. */
  importError: { message: string; field: string | null } | null;
  savingLicensing: boolean;
  /** Why the last licensing save failed, and the field the refusal names. */
  licensingError: { message: string; field: string | null } | null;
  /** The CA whose licensing was just saved. */
  licensingSavedId: string | null;
}

const initialState: CasState = {
  status: 'idle',
  cas: [],
  loadError: null,
  creating: false,
  createError: null,
  createdId: null,
  importing: false,
  importError: null,
  savingLicensing: false,
  licensingError: null,
  licensingSavedId: null,
};

function upsert(cas: CertificateAuthority[], ca: CertificateAuthority): CertificateAuthority[] {
  return cas.some((c) => c.id === ca.id) ? cas.map((c) => (c.id === ca.id ? ca : c)) : [...cas, ca];
}

/** The CAs slice. */
export const casSlice = createSlice({
  name: 'pkiCas',
  initialState,
  reducers: {
    listRequested(state) {
      if (state.status !== 'loaded') state.status = 'loading';
      state.loadError = null;
    },
    listed(state, action: PayloadAction<CertificateAuthority[]>) {
      state.status = 'loaded';
      state.cas = action.payload;
    },
    listFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'loadFailed';
      state.loadError = action.payload.message;
    },
    createRequested(state, _action: PayloadAction<CreateCaRequest>) {
      state.creating = true;
      state.createError = null;
      state.createdId = null;
    },
    created(state, action: PayloadAction<CertificateAuthority>) {
      state.creating = false;
      state.createdId = action.payload.id;
      state.cas = [...state.cas.filter((ca) => ca.id !== action.payload.id), action.payload];
    },
    createFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.creating = false;
      state.createError = action.payload;
    },
    importRequested(state, _action: PayloadAction<ImportCaRequest>) {
      state.importing = true;
      state.importError = null;
      state.createdId = null;
    },
    imported(state, action: PayloadAction<CertificateAuthority>) {
      state.importing = false;
      state.createdId = action.payload.id;
      state.cas = upsert(state.cas, action.payload);
    },
    importFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.importing = false;
      state.importError = action.payload;
    },
    licensingRequested(state, _action: PayloadAction<CaLicensingRequest>) {
      state.savingLicensing = true;
      state.licensingError = null;
      state.licensingSavedId = null;
    },
    licensingSaved(state, action: PayloadAction<CertificateAuthority>) {
      state.savingLicensing = false;
      state.licensingSavedId = action.payload.id;
      state.cas = upsert(state.cas, action.payload);
    },
    licensingFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.savingLicensing = false;
      state.licensingError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** CA events. */
export const casActions = casSlice.actions;

/** CA selectors. */
export const casSelectors = {
  select: (state: { pkiCas?: CasState }): CasState => state.pkiCas ?? initialState,
};
