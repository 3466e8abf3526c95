import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CertificateTemplate, CertificateTemplateInput } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The certificate templates of the tenant, as the template list and editor show them. */
export interface TemplatesState {
  status: 'idle' | 'loading' | 'loaded' | 'loadFailed';
  templates: CertificateTemplate[];
  loadError: string | null;
  saving: boolean;
  /** Why the last save failed, and the field the refusal names. */
  saveError: { message: string; field: string | null } | null;
  /** The id of the template just saved (a new one's page opens). */
  savedId: string | null;
}

const initialState: TemplatesState = { status: 'idle', templates: [], loadError: null, saving: false, saveError: null, savedId: null };

/** A save: a new template (no templateId) or the whole of an existing one. */
export type TemplateSave = { templateId?: string; input: CertificateTemplateInput };

/** The templates slice. */
export const templatesSlice = createSlice({
  name: 'pkiTemplates',
  initialState,
  reducers: {
    listRequested(state) {
      if (state.status !== 'loaded') state.status = 'loading';
      state.loadError = null;
      state.saveError = null;
      state.savedId = null;
    },
    listed(state, action: PayloadAction<CertificateTemplate[]>) {
      state.status = 'loaded';
      state.templates = action.payload;
    },
    listFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'loadFailed';
      state.loadError = action.payload.message;
    },
    saveRequested(state, _action: PayloadAction<TemplateSave>) {
      state.saving = true;
      state.saveError = null;
      state.savedId = null;
    },
    saved(state, action: PayloadAction<CertificateTemplate>) {
      state.saving = false;
      state.savedId = action.payload.templateId;
      const at = state.templates.findIndex((t) => t.templateId === action.payload.templateId);
      if (at >= 0) state.templates[at] = action.payload;
      else state.templates.push(action.payload);
    },
    saveFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.saving = false;
      state.saveError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Template events. */
export const templatesActions = templatesSlice.actions;

/** Template selectors. */
export const templatesSelectors = {
  select: (state: { pkiTemplates?: TemplatesState }): TemplatesState => state.pkiTemplates ?? initialState,
};
