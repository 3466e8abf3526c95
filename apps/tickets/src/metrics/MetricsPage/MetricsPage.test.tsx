/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installMatchMedia, renderWithStore, signInViewer } from '../../testing/renderWithStore';
import { MetricsPage, formatChange } from './MetricsPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const metrics = (period: string, open: number) => ({
  period,
  from: '2026-11-16T00:00:00.000Z',
  to: '2026-11-23T00:00:00.000Z',
  ticketCounts: { open, inProgress: 1, closed: 2 },
  timeMetrics: { avgFirstResponseTime: 1800, responseRate: 66.7, avgResolutionTime: 7200 },
  trends: { responseRateChange: 16.7, resolutionTimeChange: -50 },
  series: [
    { date: '2026-11-22', created: 2, closed: 1 },
    { date: '2026-11-23', created: 1, closed: 1 },
  ],
});

describe('MetricsPage', () => {
  beforeAll(() => {
    installMatchMedia();
    signInViewer(['ticketView', 'ticketEdit']);
  });

  it('should show counts, times with their change, and the charts, and reload for another period', async () => {
    const api = fakeApi();
    api.supportTicketMetrics.mockImplementation(async (period: string) => metrics(period, period === '7d' ? 9 : 3));
    const user = userEvent.setup();
    renderWithStore(<MetricsPage />, { api });
    expect((await screen.findByRole('group', { name: 'Open' })).textContent).toContain('3');
    expect(screen.getByRole('group', { name: 'Average first response' }).textContent).toContain('30m');
    expect(screen.getByRole('group', { name: 'Response rate' }).textContent).toContain('+16.7 pts vs previous period');
    expect(screen.getByRole('group', { name: 'Average resolution' }).textContent).toContain('-50.0%');
    expect(screen.getByRole('img', { name: 'Tickets created and closed per day' }).querySelectorAll('rect')).toHaveLength(4);
    expect(screen.getByRole('img', { name: 'Tickets by status' })).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), '7d');
    await waitFor(() => expect(screen.getByRole('group', { name: 'Open' }).textContent).toContain('9'));
    expect(api.supportTicketMetrics).toHaveBeenLastCalledWith('7d');
  });

  it('should format changes with a sign', () => {
    expect(formatChange(null, '%')).toBe('–');
    expect(formatChange(5, '%')).toBe('+5.0%');
    expect(formatChange(-2.25, ' pts')).toBe('-2.3 pts');
  });
});
