import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Select, Spinner } from '@primer/react';
import { TICKET_METRICS_PERIODS, formatDurationSeconds, type TicketMetricsPeriod } from '@tessera/domain';
import { BarChart, FormError, PageLayout } from '@tessera/ui';
import { TicketsNav } from '../../TicketsNav';
import { metricsActions, metricsSelectors } from '../metrics.slice';

const PERIOD_LABELS: Record<TicketMetricsPeriod, string> = { '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', '365d': 'Last 365 days' };

/** "+5.0", "-3.2", or "–" for a change against the previous period. */
export function formatChange(value: number | null, unit: string): string {
  if (value === null) return '–';
  return `${value > 0 ? '+' : ''}${value.toFixed(1)}${unit}`;
}

const card = { border: '1px solid var(--borderColor-default, #d1d9e0)', borderRadius: 6, padding: 12, minWidth: 140 } as const;

function Figure({ label, value, change }: { label: string; value: string; change?: string }) {
  return (
    <div style={card} role="group" aria-label={label}>
      <div style={{ color: 'var(--fgColor-muted)', fontSize: 12 }}>{label}</div>
      <div style={{ fontSize: 24, fontWeight: 600 }} data-testid={`metric-${label}`}>
        {value}
      </div>
      {change ? <div style={{ fontSize: 12 }}>{change} vs previous period</div> : null}
    </div>
  );
}

/** `/tickets/metrics` [ticketEdit]: counts, response and resolution times with their change, and charts. */
export function MetricsPage() {
  const dispatch = useDispatch();
  const { period, status, metrics } = useSelector(metricsSelectors.selectMetrics);
  useEffect(() => {
    dispatch(metricsActions.metricsRequested(period));
  }, [dispatch]);
  return (
    <PageLayout title="Ticket metrics">
      <TicketsNav />
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 16 }}>
        <label htmlFor="metrics-period">Period</label>
        <Select id="metrics-period" value={period} onChange={(e) => dispatch(metricsActions.metricsRequested(e.target.value as TicketMetricsPeriod))}>
          {TICKET_METRICS_PERIODS.map((p) => (
            <Select.Option key={p} value={p}>
              {PERIOD_LABELS[p]}
            </Select.Option>
          ))}
        </Select>
      </div>
      {status === 'failed' ? <FormError>The ticket metrics could not be loaded.</FormError> : null}
      {!metrics ? (
        status === 'failed' ? null : <Spinner srText="Loading metrics" />
      ) : (
        <>
          <section aria-label="Ticket counts" style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
            <Figure label="Open" value={String(metrics.ticketCounts.open)} />
            <Figure label="In progress" value={String(metrics.ticketCounts.inProgress)} />
            <Figure label="Closed" value={String(metrics.ticketCounts.closed)} />
          </section>
          <section aria-label="Time metrics" style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
            <Figure label="Average first response" value={formatDurationSeconds(metrics.timeMetrics.avgFirstResponseTime)} />
            <Figure
              label="Response rate"
              value={metrics.timeMetrics.responseRate === null ? '–' : `${metrics.timeMetrics.responseRate}%`}
              change={formatChange(metrics.trends.responseRateChange, ' pts')}
            />
            <Figure
              label="Average resolution"
              value={formatDurationSeconds(metrics.timeMetrics.avgResolutionTime)}
              change={formatChange(metrics.trends.resolutionTimeChange, '%')}
            />
          </section>
          <BarChart
            title="Tickets by status"
            series={['Tickets']}
            colours={['#0969da']}
            height={160}
            groups={[
              { label: 'Open', values: [metrics.ticketCounts.open] },
              { label: 'In progress', values: [metrics.ticketCounts.inProgress] },
              { label: 'Closed', values: [metrics.ticketCounts.closed] },
            ]}
          />
          <BarChart
            title="Tickets created and closed per day"
            series={['Created', 'Closed']}
            colours={['#0969da', '#1a7f37']}
            groups={metrics.series.map((p) => ({ label: p.date.slice(5), values: [p.created, p.closed] }))}
          />
        </>
      )}
    </PageLayout>
  );
}
