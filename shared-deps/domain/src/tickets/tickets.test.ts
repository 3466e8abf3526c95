import {
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  canTransitionTicket,
  formatDurationSeconds,
  metricsWindows,
  nextTicketStatuses,
  parseAge,
  ticketTrends,
} from './tickets';

describe('ticket status rules', () => {
  it('should label every status as admin-console §4 does', () => {
    expect(TICKET_STATUSES.map((s) => TICKET_STATUS_LABELS[s])).toEqual(['Open', 'Reviewed', 'In Progress', 'Closed', 'Reopened']);
  });

  it('should allow closing from every status that is not closed, and keeping a status', () => {
    for (const s of TICKET_STATUSES) {
      expect(canTransitionTicket(s, 'TICKET_STATUS_CLOSED')).toBe(true);
      expect(canTransitionTicket(s, s)).toBe(true);
    }
  });

  it('should only reopen a closed ticket, and never go back to open', () => {
    expect(nextTicketStatuses('TICKET_STATUS_CLOSED')).toEqual(['TICKET_STATUS_CLOSED', 'TICKET_STATUS_REOPENED']);
    expect(canTransitionTicket('TICKET_STATUS_CLOSED', 'TICKET_STATUS_IN_PROGRESS')).toBe(false);
    for (const s of TICKET_STATUSES.filter((x) => x !== 'TICKET_STATUS_OPEN')) expect(canTransitionTicket(s, 'TICKET_STATUS_OPEN')).toBe(false);
    expect(canTransitionTicket('TICKET_STATUS_OPEN', 'TICKET_STATUS_REOPENED')).toBe(false);
  });
});

describe('ticket metrics helpers', () => {
  it('should give the current and the previous window of a period', () => {
    expect(metricsWindows('7d', 14 * 86_400_000)).toEqual({ from: 7 * 86_400_000, to: 14 * 86_400_000, previousFrom: 0 });
  });

  it('should compute the response-rate change in points and the resolution-time change in percent', () => {
    expect(ticketTrends({ responseRate: 75, avgResolutionTime: 150 }, { responseRate: 50, avgResolutionTime: 100 })).toEqual({
      responseRateChange: 25,
      resolutionTimeChange: 50,
    });
    expect(ticketTrends({ responseRate: null, avgResolutionTime: 10 }, { responseRate: 50, avgResolutionTime: 0 })).toEqual({
      responseRateChange: null,
      resolutionTimeChange: null,
    });
  });

  it('should format durations for the dashboard', () => {
    expect(formatDurationSeconds(null)).toBe('–');
    expect(formatDurationSeconds(42)).toBe('42s');
    expect(formatDurationSeconds(3 * 3600 + 4 * 60)).toBe('3h 4m');
    expect(formatDurationSeconds(86400 + 7200)).toBe('1d 2h');
  });

  it('should parse ages like 30d and refuse other text', () => {
    expect(parseAge('30d')).toBe(30 * 86_400_000);
    expect(parseAge('12h')).toBe(12 * 3_600_000);
    expect(parseAge('2w')).toBe(14 * 86_400_000);
    expect(parseAge('30 days')).toBeNull();
    expect(parseAge('-1d')).toBeNull();
  });
});
