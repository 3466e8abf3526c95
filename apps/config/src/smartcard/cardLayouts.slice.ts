import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CardLayout, CardTemplate, CardTemplateInput, CardUserData } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** A failure with the field the server named, if any. */
export interface Failure {
  message: string;
  field: string | null;
}

/** The `/config/smartcard` pages' state: card templates, the layout being edited, its server preview, printing. */
export interface CardLayoutsState {
  templates: CardTemplate[] | null;
  templatesError: string | null;
  /** The template whose layout is edited, and its layout as last saved. */
  templateId: string | null;
  layout: CardLayout | null;
  loadError: string | null;
  /** The server's PNG of each side (data URLs) for the current draft and sample user. */
  preview: { front: string; back: string } | null;
  previewError: Failure | null;
  saving: boolean;
  saveError: Failure | null;
  creating: boolean;
  createError: Failure | null;
  /** The template just created (the page moves to its editor). */
  createdId: string | null;
  /** The template edited on `edit/{smartcardConfigID}` (its slots and PIN rules), and its update. */
  template: CardTemplate | null;
  templateError: string | null;
  updating: boolean;
  updateError: Failure | null;
  /** Names of the tenant's certificate templates, offered in a slot (empty when the caller may not list them). */
  certificateTemplateNames: string[];
  printers: { name: string; isCardPrinter: boolean }[] | null;
  printersError: string | null;
  /** The printer action under way, and the last printed card. */
  printing: 'insert' | 'eject' | 'print' | null;
  printedCardId: string | null;
}

const initialState: CardLayoutsState = {
  templates: null,
  templatesError: null,
  templateId: null,
  layout: null,
  loadError: null,
  preview: null,
  previewError: null,
  saving: false,
  saveError: null,
  creating: false,
  createError: null,
  createdId: null,
  template: null,
  templateError: null,
  updating: false,
  updateError: null,
  certificateTemplateNames: [],
  printers: null,
  printersError: null,
  printing: null,
  printedCardId: null,
};

/** The card layouts slice. */
export const cardLayoutsSlice = createSlice({
  name: 'configCardLayouts',
  initialState,
  reducers: {
    /** `/config/smartcard` shown: list the card templates. */
    listShown(state) {
      state.templatesError = null;
    },
    templatesLoaded(state, action: PayloadAction<CardTemplate[]>) {
      state.templates = action.payload;
    },
    templatesFailed(state, action: PayloadAction<{ message: string }>) {
      state.templatesError = action.payload.message;
    },
    createRequested(state, _action: PayloadAction<CardTemplateInput>) {
      state.creating = true;
      state.createError = null;
      state.createdId = null;
    },
    created(state, action: PayloadAction<string>) {
      state.creating = false;
      state.createdId = action.payload;
    },
    createFailed(state, action: PayloadAction<Failure>) {
      state.creating = false;
      state.createError = action.payload;
    },
    /** The editor of a template is shown: load its layout and the agent's printers. */
    editorShown(state, action: PayloadAction<string>) {
      state.templateId = action.payload;
      if (state.template?.cardTemplateId !== action.payload) state.template = null;
      state.templateError = null;
      state.updateError = null;
      state.layout = null;
      state.loadError = null;
      state.preview = null;
      state.previewError = null;
      state.saveError = null;
      state.printedCardId = null;
    },
    /** The template form is shown: offer the tenant's certificate template names. */
    formShown() {},
    certificateTemplateNamesLoaded(state, action: PayloadAction<string[]>) {
      state.certificateTemplateNames = action.payload;
    },
    templateLoaded(state, action: PayloadAction<CardTemplate>) {
      state.template = action.payload;
    },
    templateFailed(state, action: PayloadAction<{ message: string }>) {
      state.templateError = action.payload.message;
    },
    /** PUT CardTemplate with the edited slots and PIN rules. */
    updateRequested(state, _action: PayloadAction<CardTemplateInput>) {
      state.updating = true;
      state.updateError = null;
    },
    updated(state, action: PayloadAction<CardTemplate>) {
      state.updating = false;
      state.template = action.payload;
    },
    updateFailed(state, action: PayloadAction<Failure>) {
      state.updating = false;
      state.updateError = action.payload;
    },
    layoutLoaded(state, action: PayloadAction<CardLayout>) {
      state.layout = action.payload;
    },
    layoutFailed(state, action: PayloadAction<{ message: string }>) {
      state.loadError = action.payload.message;
    },
    /** The draft or the sample user changed: render it on the server (debounced by the epic). */
    previewRequested(_state, _action: PayloadAction<{ layout: CardLayout; userData: Omit<CardUserData, 'photo'> }>) {},
    previewed(state, action: PayloadAction<{ front: string; back: string }>) {
      state.preview = action.payload;
      state.previewError = null;
    },
    previewFailed(state, action: PayloadAction<Failure>) {
      state.previewError = action.payload;
    },
    saveRequested(state, _action: PayloadAction<CardLayout>) {
      state.saving = true;
      state.saveError = null;
    },
    saved(state, action: PayloadAction<CardLayout>) {
      state.saving = false;
      state.layout = action.payload;
    },
    saveFailed(state, action: PayloadAction<Failure>) {
      state.saving = false;
      state.saveError = action.payload;
    },
    printersLoaded(state, action: PayloadAction<{ name: string; isCardPrinter: boolean }[]>) {
      state.printers = action.payload;
      state.printersError = null;
    },
    printersFailed(state, action: PayloadAction<{ message: string }>) {
      state.printersError = action.payload.message;
    },
    insertRequested(state, _action: PayloadAction<{ printer: string }>) {
      state.printing = 'insert';
    },
    ejectRequested(state, _action: PayloadAction<{ printer: string }>) {
      state.printing = 'eject';
    },
    printRequested(state, _action: PayloadAction<{ printer: string; cardSerial: string; username: string }>) {
      state.printing = 'print';
      state.printedCardId = null;
    },
    printerDone(state, action: PayloadAction<{ printedCardId?: string }>) {
      state.printing = null;
      if (action.payload.printedCardId) state.printedCardId = action.payload.printedCardId;
    },
    printerFailed(state) {
      state.printing = null;
    },
    cleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Card layout events. */
export const cardLayoutsActions = cardLayoutsSlice.actions;

/** Card layout selectors. */
export const cardLayoutsSelectors = {
  select: (state: { configCardLayouts?: CardLayoutsState }): CardLayoutsState => state.configCardLayouts ?? initialState,
};
