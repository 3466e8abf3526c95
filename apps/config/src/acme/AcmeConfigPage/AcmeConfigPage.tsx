import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Text } from '@primer/react';
import type { AcmeOrderSummary } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, PagedTable, type PagedTableColumn } from '@tessera/ui';
import { acmeConfigActions as A, acmeConfigSelectors } from '../acmeConfig.slice';

const ORDER_COLUMNS: readonly PagedTableColumn<AcmeOrderSummary>[] = [
  { id: 'createdAt', header: 'Created', cell: (o) => o.createdAt.replace('T', ' ').slice(0, 19), sortField: 'createdAt' },
  { id: 'status', header: 'State', cell: (o) => o.status, sortField: 'status' },
  { id: 'identifiers', header: 'Names', cell: (o) => o.identifiers.join(', ') },
  { id: 'template', header: 'Template', cell: (o) => o.templateName },
  { id: 'account', header: 'Account', cell: (o) => `${o.accountContact.join(', ') || o.accountId.slice(0, 8)} (${o.accountStatus})` },
];

/**
 * `/config/acme` [acmeConfiguration] (admin-console §2.2; issue 17): which templates serve ACME, their
 * directory URLs, external account binding keys (shown once), and the tenant's ACME orders with their state.
 */
export function AcmeConfigPage() {
  const dispatch = useDispatch();
  const state = useSelector(acmeConfigSelectors.select);
  useEffect(() => {
    dispatch(A.pageShown());
    return () => {
      dispatch(A.cleared());
    };
  }, [dispatch]);

  if (state.status === 'idle' || (state.status === 'loading' && state.configurations.length === 0)) return <FullPageSpinner label="Loading the ACME configuration" />;
  const { orders, ordersQuery } = state;
  return (
    <PageLayout title="ACME">
      {state.errorMessage ? <FormError>{state.errorMessage}</FormError> : null}
      <table aria-label="ACME templates" cellPadding={6} style={{ width: '100%', borderCollapse: 'collapse', textAlign: 'left' }}>
        <thead>
          <tr>
            <th>Template</th>
            <th>ACME</th>
            <th>Directory URL</th>
            <th>External account binding</th>
          </tr>
        </thead>
        <tbody>
          {state.configurations.map((c) => (
            <tr key={c.templateId}>
              <td>{c.templateName}</td>
              <td>
                <Button size="small" disabled={state.savingTemplateId === c.templateId} onClick={() => dispatch(A.toggleRequested({ templateId: c.templateId, enabled: !c.enabled, eabRequired: c.eabRequired }))} aria-label={`${c.enabled ? 'Disable' : 'Enable'} ACME for ${c.templateName}`}>
                  {c.enabled ? 'Disable' : 'Enable'}
                </Button>{' '}
                {c.enabled ? 'enabled' : 'off'}
              </td>
              <td>{c.enabled ? <code>{c.directoryUrl}</code> : '—'}</td>
              <td>
                <label>
                  <input type="checkbox" checked={c.eabRequired} disabled={state.savingTemplateId === c.templateId} onChange={(e) => dispatch(A.toggleRequested({ templateId: c.templateId, enabled: c.enabled, eabRequired: e.target.checked }))} /> required
                </label>{' '}
                <Button size="small" onClick={() => dispatch(A.eabKeyRequested({ templateId: c.templateId }))} aria-label={`Create an EAB key for ${c.templateName}`}>
                  Create key
                </Button>{' '}
                {c.unusedEabKeys} unused
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {state.eabKey ? (
        <div role="status" aria-label="New EAB key" style={{ margin: '16px 0' }}>
          <Text as="p">External account binding key for {state.eabKey.templateName} (shown this once):</Text>
          <Text as="p">
            Key id: <code>{state.eabKey.keyId}</code>
          </Text>
          <Text as="p">
            HMAC key: <code>{state.eabKey.hmacKey}</code>
          </Text>
        </div>
      ) : null}
      <h2>Orders</h2>
      <PagedTable
        label="ACME orders"
        columns={ORDER_COLUMNS}
        rows={orders.results}
        rowKey={(o) => o.orderId}
        totalResults={orders.totalResults}
        pageIndex={ordersQuery.page - 1}
        onPageChange={(pageIndex) => dispatch(A.ordersRequested({ page: pageIndex + 1 }))}
        sort={{ field: ordersQuery.sortField, direction: ordersQuery.sortDirection }}
        onSortChange={(field) =>
          dispatch(A.ordersRequested({ page: 1, sortField: field as 'createdAt' | 'status', sortDirection: field === ordersQuery.sortField && ordersQuery.sortDirection === 'desc' ? 'asc' : 'desc' }))
        }
        emptyText="No ACME orders yet."
      />
    </PageLayout>
  );
}
