import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '@primer/react';
import { expiringCardsCsv } from '@tessera/domain';
import { BarChart, FormError, PageLayout, downloadTextFile, followLink } from '@tessera/ui';
import { cardReportActions as A, cardReportSelectors } from './cardReport.slice';

const th = { textAlign: 'left' as const, padding: 4 };

/**
 * `/credentials/smartcards/reports` [smartcardSuspendedReport] (admin-console §2.2 "suspensions and reports"): the
 * tenant's cards counted by status and by card template, the cards issued per week over the last 12 weeks as a bar
 * chart, and the cards whose first certificate expires within 30/60/90 days, as a list with a CSV export. One call
 * (CardReport): the server counts.
 */
export function CardReportPage() {
  const dispatch = useDispatch();
  const { report, loading, error } = useSelector(cardReportSelectors.selectState);
  useEffect(() => {
    dispatch(A.requested());
  }, [dispatch]);
  return (
    <PageLayout title="Smartcard reports">
      <FormError>{error}</FormError>
      {!report ? (
        <p>{loading ? 'Loading…' : ''}</p>
      ) : (
        <>
          <p>{report.total} cards in all.</p>
          <div style={{ display: 'flex', gap: 32, flexWrap: 'wrap' }}>
            <table aria-label="Cards by status">
              <thead>
                <tr>
                  <th style={th}>Status</th>
                  <th style={th}>Cards</th>
                </tr>
              </thead>
              <tbody>
                {report.byStatus.map((r) => (
                  <tr key={r.status}>
                    <th scope="row" style={th}>
                      {r.status}
                    </th>
                    <td style={th}>{r.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table aria-label="Cards by template">
              <thead>
                <tr>
                  <th style={th}>Card template</th>
                  <th style={th}>Cards</th>
                </tr>
              </thead>
              <tbody>
                {report.byTemplate.map((r) => (
                  <tr key={r.cardTemplateId ?? 'none'}>
                    <th scope="row" style={th}>
                      {r.template ?? 'No template'}
                    </th>
                    <td style={th}>{r.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2 style={{ fontSize: 16 }}>Issued per week (last {report.issuedPerWeek.length} weeks)</h2>
          <BarChart title="Cards issued per week" series={['Issued']} colours={['#0969da']} groups={report.issuedPerWeek.map((w) => ({ label: w.weekStart.slice(5), values: [w.count] }))} />
          <h2 style={{ fontSize: 16 }}>Expiring soon</h2>
          <p>{report.expiringCounts.map((c) => `${c.count} within ${c.days} days`).join(' · ')}</p>
          <table aria-label="Cards expiring">
            <thead>
              <tr>
                {['Serial', 'User', 'Template', 'Status', 'Expires', 'Days left'].map((h) => (
                  <th key={h} style={th}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.expiring.length === 0 ? (
                <tr>
                  <td colSpan={6} style={th}>
                    No card expires within 90 days
                  </td>
                </tr>
              ) : (
                report.expiring.map((c) => (
                  <tr key={c.cardId}>
                    <td style={th}>
                      <a href={`/credentials/smartcards/view/${c.cardId}`} onClick={followLink}>
                        {c.serialNumber}
                      </a>
                    </td>
                    <td style={th}>{c.username ?? '—'}</td>
                    <td style={th}>{c.template ?? '—'}</td>
                    <td style={th}>{c.status}</td>
                    <td style={th}>{new Date(c.expiresAt).toLocaleDateString()}</td>
                    <td style={th}>{c.daysLeft}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          <p>
            <Button onClick={() => downloadTextFile('cards-expiring.csv', expiringCardsCsv(report.expiring))}>Export CSV</Button>
          </p>
        </>
      )}
    </PageLayout>
  );
}
