import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CardPinRequirements, CardReader, CmsVersion } from '@tessera/domain';
import { resetAll } from '@tessera/store';
import { pinPolicyActions } from './pinPolicy.slice';
import type { AgentUrlSource } from './agentUrl';

/** Link state of the local security client (signin §4 "Local security client: connect, then success or failure"). */
export type AgentStatus = 'idle' | 'connecting' | 'connected' | 'failed' | 'noClient';

/** PIN validation of one reader (signin §4 "PIN validation": processing, then done with success or failure). */
export interface PinValidation {
  status: 'processing' | 'success' | 'failure';
  message: string;
}

/** State of the readers panel. */
export interface ReadersState {
  agent: AgentStatus;
  /** The agent's version and the protocol paths it implies. */
  agentVersion: string | null;
  cmsVersion: CmsVersion;
  /** Why connecting failed (toast title and detail). */
  failure: string | null;
  readers: Record<string, CardReader>;
  pin: Record<string, PinValidation>;
  /**
   * The card PIN requirements of the tenant (GetPinRequirements, or the policy just saved); null until
   * known or when the call failed, and then the default 6–8 digits applies (signin §5).
   */
  requirements: CardPinRequirements | null;
  /** The address the console looks for the agent at (known once connecting started), and where it came from. */
  agentUrl: string | null;
  agentUrlSource: AgentUrlSource | null;
}

const initialState: ReadersState = { agent: 'idle', agentVersion: null, cmsVersion: 'CMS-v2', failure: null, readers: {}, pin: {}, requirements: null, agentUrl: null, agentUrlSource: null };

/** A reader event as the stream sends it (bus `readers$` data). */
export interface ReaderStreamEvent {
  type: string;
  readerName: string;
  reader?: CardReader | null;
  readers?: CardReader[];
}

/** The readers slice. */
export const readersSlice = createSlice({
  name: 'smartcardReaders',
  initialState,
  reducers: {
    panelOpened(state) {
      if (state.agent !== 'connected') state.agent = 'connecting';
      state.failure = null;
    },
    panelClosed() {},
    agentLocated(state, action: PayloadAction<{ url: string; source: AgentUrlSource }>) {
      state.agentUrl = action.payload.url;
      state.agentUrlSource = action.payload.source;
    },
    /** A user set (url) or cleared (null) their own agent address; the epic keeps it and connects again. */
    agentUrlChanged(state, _action: PayloadAction<{ url: string | null }>) {
      state.agent = 'connecting';
      state.failure = null;
      state.readers = {};
    },
    agentConnected(state, action: PayloadAction<{ version: string; cmsVersion: CmsVersion }>) {
      state.agent = 'connected';
      state.agentVersion = action.payload.version;
      state.cmsVersion = action.payload.cmsVersion;
      state.failure = null;
    },
    agentFailed(state, action: PayloadAction<string>) {
      state.agent = 'failed';
      state.failure = action.payload;
    },
    readerEvent(state, action: PayloadAction<ReaderStreamEvent>) {
      const event = action.payload;
      switch (event.type) {
        case 'readers':
          state.readers = Object.fromEntries((event.readers ?? []).map((r) => [r.name, r]));
          if (state.agent === 'noClient') state.agent = 'connected';
          return;
        case 'readerRemoved':
          delete state.readers[event.readerName];
          return;
        case 'noClient':
        case 'agentDisconnected':
          state.agent = 'noClient';
          return;
        case 'agentConnected':
          state.agent = 'connected';
          return;
        default:
          if (event.reader === null) delete state.readers[event.readerName];
          else if (event.reader) state.readers[event.reader.name] = event.reader;
      }
    },
    pinValidationRequested(state, action: PayloadAction<{ readerName: string; pin: string }>) {
      state.pin[action.payload.readerName] = { status: 'processing', message: '' };
    },
    pinValidationDone(state, action: PayloadAction<{ readerName: string; ok: boolean; message: string }>) {
      state.pin[action.payload.readerName] = { status: action.payload.ok ? 'success' : 'failure', message: action.payload.message };
    },
    pinRequirementsLoaded(state, action: PayloadAction<CardPinRequirements | null>) {
      state.requirements = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
    // A saved or reset policy applies to the PIN field at once, without asking the server again.
    builder.addCase(pinPolicyActions.saved, (state, action) => {
      const { minLength, maxLength, digitsOnly, effectiveDescription } = action.payload;
      state.requirements = { minLength, maxLength, digitsOnly, description: effectiveDescription };
    });
  },
});

/** Readers events. */
export const readersActions = readersSlice.actions;

type WithReaders = { smartcardReaders?: ReadersState };

/** Readers selectors; safe before the slice is injected. */
export const readersSelectors = {
  selectState: (state: WithReaders): ReadersState => state.smartcardReaders ?? initialState,
  selectReaders: (state: WithReaders): CardReader[] =>
    Object.values((state.smartcardReaders ?? initialState).readers).sort((a, b) => a.name.localeCompare(b.name)),
};
