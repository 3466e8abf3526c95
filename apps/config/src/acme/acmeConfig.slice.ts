import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AcmeConfiguration, AcmeEabKey, AcmeOrdersQuery, AcmeOrdersResponse } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The `/config/acme` page's state (issue 17): templates with their ACME state, the EAB key shown once, the orders page. */
export interface AcmeConfigState {
  status: 'idle' | 'loading' | 'loaded' | 'loadFailed';
  configurations: AcmeConfiguration[];
  /** The template whose change is in flight. */
  savingTemplateId: string | null;
  /** The EAB key just created (shown once, dropped when the page is left). */
  eabKey: (AcmeEabKey & { templateName: string }) | null;
  orders: AcmeOrdersResponse;
  ordersQuery: Required<Pick<AcmeOrdersQuery, 'page' | 'sortField' | 'sortDirection'>>;
  errorMessage: string | null;
}

const initialState: AcmeConfigState = {
  status: 'idle',
  configurations: [],
  savingTemplateId: null,
  eabKey: null,
  orders: { totalResults: 0, results: [] },
  ordersQuery: { page: 1, sortField: 'createdAt', sortDirection: 'desc' },
  errorMessage: null,
};

/** The ACME configuration slice. */
export const acmeConfigSlice = createSlice({
  name: 'configAcme',
  initialState,
  reducers: {
    /** The page is shown: fetch the templates and the first orders page. */
    pageShown(state) {
      state.status = 'loading';
      state.errorMessage = null;
    },
    loaded(state, action: PayloadAction<AcmeConfiguration[]>) {
      state.status = 'loaded';
      state.configurations = action.payload;
    },
    loadFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'loadFailed';
      state.errorMessage = action.payload.message;
    },
    /** Enable or disable pressed for a template. */
    toggleRequested(state, action: PayloadAction<{ templateId: string; enabled: boolean; eabRequired: boolean }>) {
      state.savingTemplateId = action.payload.templateId;
    },
    configurationSaved(state, action: PayloadAction<AcmeConfiguration>) {
      state.savingTemplateId = null;
      state.configurations = state.configurations.map((c) => (c.templateId === action.payload.templateId ? action.payload : c));
    },
    saveFailed(state) {
      state.savingTemplateId = null;
    },
    /** Create an external account binding key for a template. */
    eabKeyRequested(state, action: PayloadAction<{ templateId: string }>) {
      state.savingTemplateId = action.payload.templateId;
      state.eabKey = null;
    },
    eabKeyCreated(state, action: PayloadAction<AcmeEabKey & { templateName: string }>) {
      state.savingTemplateId = null;
      state.eabKey = action.payload;
    },
    /** Another page or sort of the orders. */
    ordersRequested(state, action: PayloadAction<Partial<AcmeConfigState['ordersQuery']>>) {
      state.ordersQuery = { ...state.ordersQuery, ...action.payload };
    },
    ordersLoaded(state, action: PayloadAction<AcmeOrdersResponse>) {
      state.orders = action.payload;
    },
    cleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** ACME configuration events. */
export const acmeConfigActions = acmeConfigSlice.actions;

/** ACME configuration selectors. */
export const acmeConfigSelectors = {
  select: (state: { configAcme?: AcmeConfigState }): AcmeConfigState => state.configAcme ?? initialState,
};
