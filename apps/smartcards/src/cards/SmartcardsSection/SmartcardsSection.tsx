import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Heading } from '@primer/react';
import { RESULTS_PER_PAGE, type Smartcard, type SmartcardSortKey } from '@tessera/domain';
import { FormError, PagedTable, TextField, followLink, type PagedTableColumn } from '@tessera/ui';
import { cardsActions, cardsSelectors } from '../cards.slice';

/**
 * The tenant's card records, each linking to its view (serial, status, template, certificates): searched (serial,
 * ATR, card type, username), sorted and paged on the server (`GET Smartcards`), newest first.
 */
export function SmartcardsSection() {
  const dispatch = useDispatch();
  const { list, templates } = useSelector(cardsSelectors.selectState);
  const [search, setSearch] = useState(list.query.search);
  useEffect(() => {
    dispatch(cardsActions.listRequested());
  }, [dispatch]);
  const templateName = (id: string | null) => templates.find((t) => t.cardTemplateId === id)?.name ?? '';
  const sortBy = (field: string) =>
    dispatch(cardsActions.listRequested({ sort: field as SmartcardSortKey, order: list.query.sort === field && list.query.order === 'asc' ? 'desc' : 'asc', page: 1 }));
  const columns: readonly PagedTableColumn<Smartcard>[] = [
    {
      id: 'serial',
      header: 'Serial',
      sortField: 'serialNumber',
      cell: (card) => (
        <a href={`/credentials/smartcards/view/${card.cardId}`} onClick={followLink} aria-label={`Card ${card.serialNumber}`}>
          {card.serialNumber}
        </a>
      ),
    },
    { id: 'status', header: 'Status', sortField: 'status', cell: (card) => card.status },
    { id: 'template', header: 'Card template', cell: (card) => templateName(card.cardTemplateId) },
    { id: 'certificates', header: 'Certificates', cell: (card) => card.certificates.map((c) => c.slot).join(', ') },
    { id: 'updated', header: 'Updated', sortField: 'updatedAt', cell: (card) => new Date(card.updatedAt).toLocaleString() },
  ];
  return (
    <section aria-labelledby="smartcards-heading" style={{ marginTop: 24 }}>
      <Heading as="h2" id="smartcards-heading" style={{ fontSize: 'var(--text-title-size-medium, 20px)', marginBottom: 8 }}>
        Smartcards
      </Heading>
      <form
        role="search"
        aria-label="Search smartcards"
        onSubmit={(e) => {
          e.preventDefault();
          dispatch(cardsActions.listRequested({ search, page: 1 }));
        }}
        style={{ display: 'flex', gap: 8, alignItems: 'flex-end', marginBottom: 8 }}
      >
        <TextField label="Search" value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />
        <Button type="submit">Search</Button>
      </form>
      <FormError>{list.status === 'failed' ? list.message : null}</FormError>
      <PagedTable
        label="Smartcards"
        columns={columns}
        rows={list.cards}
        rowKey={(card) => card.cardId}
        totalResults={list.total}
        pageIndex={list.query.page - 1}
        onPageChange={(index) => dispatch(cardsActions.listRequested({ page: index + 1 }))}
        sort={{ field: list.query.sort, direction: list.query.order }}
        onSortChange={sortBy}
        emptyText={list.status === 'loading' ? 'Loading…' : 'No smartcards'}
      />
      <p>
        {list.total} smartcard{list.total === 1 ? '' : 's'} ({RESULTS_PER_PAGE} a page)
      </p>
    </section>
  );
}
