/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import { signedIn, signedOut } from '@tessera/bus';
import { normalisePermissionObject, type CardReport, type Viewer } from '@tessera/domain';
import { fakeApi, installMatchMedia, renderWithStore } from '../testing/renderWithStore';
import { CardReportPage } from './CardReportPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const report: CardReport = {
  total: 5,
  byStatus: [
    { status: 'issued', count: 3 },
    { status: 'suspended', count: 2 },
  ],
  byTemplate: [
    { cardTemplateId: 't1', template: 'Staff PIV', count: 4 },
    { cardTemplateId: null, template: null, count: 1 },
  ],
  issuedPerWeek: Array.from({ length: 12 }, (_, i) => ({ weekStart: `2026-09-${String(i + 1).padStart(2, '0')}`, count: i === 11 ? 4 : i % 2 })),
  expiringCounts: [
    { days: 30, count: 1 },
    { days: 60, count: 1 },
    { days: 90, count: 2 },
  ],
  expiring: [
    { cardId: 'c1', serialNumber: 'S00', username: 'alice', template: 'Staff PIV', status: 'issued', expiresAt: '2026-12-09T00:00:00.000Z', daysLeft: 11 },
    { cardId: 'c2', serialNumber: 'S08', username: null, template: null, status: 'suspended', expiresAt: '2027-02-16T00:00:00.000Z', daysLeft: 80 },
  ],
  generatedAt: '2026-11-28T08:00:00.000Z',
};

describe('CardReportPage', () => {
  beforeAll(installMatchMedia);
  afterEach(() => signedOut());

  it('should show the counts, one bar a week, the expiring list, and export the list as CSV', async () => {
    signedIn({ id: 'u1', permission: normalisePermissionObject({ View: ['smartcardSuspendedReport'] }) } as Viewer, { remainingSeconds: 900, expiresAt: '2030-01-01T00:15:00.000Z', absoluteExpiresAt: '2030-01-01T08:00:00.000Z' });
    const api = fakeApi();
    api.getCardReport.mockResolvedValue(report);
    let exported = '';
    URL.createObjectURL = jest.fn((blob: Blob) => {
      const reader = new FileReader();
      reader.onload = () => (exported = String(reader.result));
      reader.readAsText(blob);
      return 'blob:x';
    });
    URL.revokeObjectURL = jest.fn();
    renderWithStore(<CardReportPage />, { api });
    const byStatus = await screen.findByRole('table', { name: 'Cards by status' });
    expect(within(byStatus).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['issued3', 'suspended2']);
    expect(within(screen.getByRole('table', { name: 'Cards by template' })).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Staff PIV4', 'No template1']);
    const chart = screen.getByRole('img', { name: 'Cards issued per week' });
    const bars = chart.querySelectorAll('rect');
    expect(bars).toHaveLength(12);
    expect(bars[11]!.querySelector('title')!.textContent).toBe('09-12 Issued: 4');
    // The tallest bar is the full height; a zero week has none.
    expect(Number(bars[11]!.getAttribute('height'))).toBeGreaterThan(Number(bars[1]!.getAttribute('height')));
    expect(Number(bars[0]!.getAttribute('height'))).toBe(0);
    expect(screen.getByText('1 within 30 days · 1 within 60 days · 2 within 90 days')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Cards expiring' })).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
      `S00aliceStaff PIVissued${new Date('2026-12-09T00:00:00.000Z').toLocaleDateString()}11`,
      `S08——suspended${new Date('2027-02-16T00:00:00.000Z').toLocaleDateString()}80`,
    ]);
    screen.getByRole('button', { name: 'Export CSV' }).click();
    await waitFor(() => expect(exported).not.toBe(''));
    expect(exported).toBe('serial,user,template,status,expires,days left\r\nS00,alice,Staff PIV,issued,2026-12-09T00:00:00.000Z,11\r\nS08,,,suspended,2027-02-16T00:00:00.000Z,80\r\n');
  });

  it('should show the server\'s error', async () => {
    const api = fakeApi();
    api.getCardReport.mockRejectedValue(new Error('You do not have permission'));
    renderWithStore(<CardReportPage />, { api });
    expect(await screen.findByText('You do not have permission')).toBeTruthy();
  });
});
