import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CertificateTemplate, TemplateOrderingRequest } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The `/credentials/certificates/config` page's state: the templates in the order being edited. */
export interface TemplateOrderState {
  status: 'idle' | 'loading' | 'loaded' | 'loadFailed';
  templates: CertificateTemplate[];
  loadError: string | null;
  /** The order differs from the saved one. */
  dirty: boolean;
  saving: boolean;
  saveError: string | null;
}

const initialState: TemplateOrderState = { status: 'idle', templates: [], loadError: null, dirty: false, saving: false, saveError: null };

/** The template ordering slice. */
export const templateOrderSlice = createSlice({
  name: 'certificatesTemplateOrder',
  initialState,
  reducers: {
    listRequested(state) {
      state.status = 'loading';
      state.loadError = null;
    },
    /** The templates as the server sorts them (display ordering, unordered last: admin-console §3). */
    listed(state, action: PayloadAction<CertificateTemplate[]>) {
      state.status = 'loaded';
      state.templates = action.payload;
      state.dirty = false;
    },
    listFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'loadFailed';
      state.loadError = action.payload.message;
    },
    /** Moves the template at `from` to `to`. */
    moved(state, action: PayloadAction<{ from: number; to: number }>) {
      const { from, to } = action.payload;
      if (from === to || to < 0 || to >= state.templates.length) return;
      const [template] = state.templates.splice(from, 1);
      state.templates.splice(to, 0, template!);
      state.dirty = true;
    },
    saveRequested(state, _action: PayloadAction<TemplateOrderingRequest>) {
      state.saving = true;
      state.saveError = null;
    },
    saved(state) {
      state.saving = false;
      state.dirty = false;
    },
    saveFailed(state, action: PayloadAction<{ message: string }>) {
      state.saving = false;
      state.saveError = action.payload.message;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Template ordering events. */
export const templateOrderActions = templateOrderSlice.actions;

/** Template ordering selectors. */
export const templateOrderSelectors = {
  select: (state: { certificatesTemplateOrder?: TemplateOrderState }): TemplateOrderState => state.certificatesTemplateOrder ?? initialState,
};

/** The ordering entries of a list: 1, 2, 3 … in list order. */
export function orderingOf(templates: readonly { templateId: string }[]): TemplateOrderingRequest {
  return { ordering: templates.map((template, index) => ({ templateId: template.templateId, uiOrdering: index + 1 })) };
}
