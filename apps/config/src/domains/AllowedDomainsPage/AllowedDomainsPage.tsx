import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '@primer/react';
import type { AllowedDomain } from '@tessera/domain';
import { FormError, PageLayout, PagedTable, TextField, type PagedTableColumn } from '@tessera/ui';
import { allowedDomainsActions as A, allowedDomainsSelectors } from '../allowedDomains.slice';

/**
 * `/admin/alloweddomains` [manageDomains] (admin-console §2.2, §3 managed domain; issue 17): the domains the
 * tenant may have certificates for, which ACME validation obeys (`example.com`, or `*.example.com` for the
 * names below it). Searched and paged on the server.
 */
export function AllowedDomainsPage() {
  const dispatch = useDispatch();
  const state = useSelector(allowedDomainsSelectors.select);
  const [domain, setDomain] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    dispatch(A.pageRequested({ page: 1, search: '' }));
    return () => {
      dispatch(A.cleared());
    };
  }, [dispatch]);
  useEffect(() => {
    if (!state.adding && state.addError === null) setDomain('');
  }, [state.adding, state.addError]);

  const columns: readonly PagedTableColumn<AllowedDomain>[] = [
    { id: 'domain', header: 'Domain', cell: (d) => d.domain },
    { id: 'createdAt', header: 'Added', cell: (d) => d.createdAt.slice(0, 10) },
    {
      id: 'actions',
      header: 'Actions',
      cell: (d) => (
        <Button size="small" variant="danger" aria-label={`Remove ${d.domain}`} onClick={() => dispatch(A.deleteRequested({ id: d.id, domain: d.domain }))}>
          Remove
        </Button>
      ),
    },
  ];
  const add = (event: FormEvent) => {
    event.preventDefault();
    dispatch(A.addRequested({ domain }));
  };
  return (
    <PageLayout title="Allowed domains">
      {state.errorMessage ? <FormError>{state.errorMessage}</FormError> : null}
      <form aria-label="Add an allowed domain" onSubmit={add} style={{ display: 'flex', gap: 8, alignItems: 'flex-end', marginBottom: 16 }}>
        <TextField label="Domain" value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="example.com or *.example.com" {...(state.addError ? { error: state.addError } : {})} />
        <Button type="submit" disabled={state.adding || domain.trim() === ''}>
          Add
        </Button>
      </form>
      <form
        aria-label="Search allowed domains"
        onSubmit={(e) => {
          e.preventDefault();
          dispatch(A.pageRequested({ page: 1, search }));
        }}
        style={{ display: 'flex', gap: 8, alignItems: 'flex-end', marginBottom: 16 }}
      >
        <TextField label="Search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button type="submit">Search</Button>
      </form>
      <PagedTable
        label="Allowed domains"
        columns={columns}
        rows={state.list.results}
        rowKey={(d) => d.id}
        totalResults={state.list.totalResults}
        pageIndex={state.page - 1}
        onPageChange={(pageIndex) => dispatch(A.pageRequested({ page: pageIndex + 1 }))}
        emptyText="No allowed domains: ACME refuses every name."
      />
    </PageLayout>
  );
}
