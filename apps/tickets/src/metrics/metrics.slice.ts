import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TicketMetrics, TicketMetricsPeriod } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The metrics dashboard (admin-console §3 "Ticket metrics"). */
export interface MetricsState {
  period: TicketMetricsPeriod;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  metrics: TicketMetrics | null;
}

const initialState: MetricsState = { period: '30d', status: 'idle', metrics: null };

/** The metrics slice. */
export const metricsSlice = createSlice({
  name: 'ticketsMetrics',
  initialState,
  reducers: {
    metricsRequested(state, action: PayloadAction<TicketMetricsPeriod>) {
      state.period = action.payload;
      state.status = 'loading';
    },
    metricsLoaded(state, action: PayloadAction<TicketMetrics>) {
      state.status = 'loaded';
      state.metrics = action.payload;
    },
    metricsFailed(state) {
      state.status = 'failed';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Metrics events. */
export const metricsActions = metricsSlice.actions;

type WithMetrics = { ticketsMetrics?: MetricsState };

/** Metrics selectors. */
export const metricsSelectors = {
  selectMetrics: (state: WithMetrics): MetricsState => state.ticketsMetrics ?? initialState,
};
