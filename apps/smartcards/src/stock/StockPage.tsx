import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '@primer/react';
import { STOCK_MANUAL_MOVES, STOCK_STATES, canMoveStock, stockStateLabel, type StockItem, type StockManualMove, type StockSortKey, type StockState } from '@tessera/domain';
import { FormError, PageLayout, PagedTable, TextField, followLink, type PagedTableColumn } from '@tessera/ui';
import { readersActions, readersSelectors } from '../readers/readers.slice';
import { stockActions as A, stockSelectors } from './stock.slice';
import { StockSummarySection } from './StockSummarySection';

const MOVE_LABEL: Record<StockManualMove, string> = { shelve: 'Put in stock', return: 'Return', restock: 'Restock', destroy: 'Destroy' };

/**
 * `/credentials/smartcards/stock` [smartcardManage] (issue 15 "card stock", designed): the counts with the low-stock
 * warning; serials received from a CSV (`serial,cardType[,batch]`, the whole file or nothing) or scanned from a card
 * in a reader; the stock list searched, filtered and sorted on the server; each card moved by hand (put in stock,
 * return, restock, destroy with a reason); the next unused card number.
 */
export function StockPage() {
  const dispatch = useDispatch();
  const state = useSelector(stockSelectors.selectState);
  const readers = useSelector(readersSelectors.selectReaders).filter((r) => r.cardPresent);
  const [search, setSearch] = useState(state.search);
  const [csv, setCsv] = useState('');
  const [cardType, setCardType] = useState('');
  const [reader, setReader] = useState('');
  const [destroying, setDestroying] = useState<{ serial: string; reason: string } | null>(null);
  useEffect(() => {
    dispatch(A.listRequested(undefined));
    // The local agent's readers, live, as on the readers page: the card to scan in is chosen among them.
    dispatch(readersActions.panelOpened());
    return () => {
      dispatch(readersActions.panelClosed());
    };
  }, [dispatch]);
  const receive = (event: FormEvent) => {
    event.preventDefault();
    dispatch(A.receiveRequested({ csv, ...(cardType.trim() ? { cardType: cardType.trim() } : {}) }));
  };
  const move = (item: StockItem, m: StockManualMove) => (m === 'destroy' ? setDestroying({ serial: item.serial, reason: '' }) : dispatch(A.moveRequested({ serial: item.serial, move: m })));
  const columns: PagedTableColumn<StockItem>[] = [
    { id: 'serial', header: 'Serial', sortField: 'serial', cell: (i) => (i.cardId ? <a href={`/credentials/smartcards/view/${i.cardId}`} onClick={followLink}>{i.serial}</a> : i.serial) },
    { id: 'cardType', header: 'Card type', sortField: 'cardType', cell: (i) => i.cardType },
    { id: 'batch', header: 'Batch', sortField: 'batch', cell: (i) => i.batch ?? '—' },
    { id: 'state', header: 'State', sortField: 'state', cell: (i) => stockStateLabel(i.state) },
    { id: 'receivedAt', header: 'Received', sortField: 'receivedAt', cell: (i) => new Date(i.receivedAt).toLocaleString() },
    { id: 'movedAt', header: 'Last move', sortField: 'movedAt', cell: (i) => `${new Date(i.movedAt).toLocaleString()} by ${i.movedBy}` },
    {
      id: 'actions',
      header: 'Actions',
      cell: (i) => (
        <span style={{ display: 'inline-flex', gap: 4 }}>
          {STOCK_MANUAL_MOVES.filter((m) => canMoveStock(i.state, m)).map((m) => (
            <Button key={m} size="small" aria-label={`${MOVE_LABEL[m]} ${i.serial}`} disabled={state.busy} onClick={() => move(i, m)}>
              {MOVE_LABEL[m]}
            </Button>
          ))}
        </span>
      ),
    },
  ];
  return (
    <PageLayout title="Card stock">
      <StockSummarySection />
      {state.notice ? <p role="status">{state.notice}</p> : null}
      <FormError>{state.actionError ?? undefined}</FormError>

      <section aria-labelledby="stock-receive-title">
        <h2 id="stock-receive-title" style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
          Receive cards
        </h2>
        <form aria-label="Receive cards from a CSV" onSubmit={receive} style={{ display: 'grid', gap: 8, maxWidth: 560 }}>
          <label htmlFor="stock-csv">CSV (serial,cardType[,batch])</label>
          <textarea id="stock-csv" rows={5} value={csv} onChange={(e) => setCsv(e.target.value)} style={{ fontFamily: 'monospace' }} />
          <label htmlFor="stock-csv-file">or a CSV file</label>
          <input id="stock-csv-file" type="file" accept=".csv,text/csv" onChange={(e) => void e.target.files?.[0]?.text().then(setCsv)} />
          <TextField label="Card type for lines without one" value={cardType} onChange={(e) => setCardType(e.target.value)} />
          <div style={{ display: 'flex', gap: 8 }}>
            <Button type="submit" variant="primary" disabled={state.busy || csv.trim() === ''}>
              Receive
            </Button>
            <Button type="button" disabled={state.busy} onClick={() => dispatch(A.nextSerialRequested(cardType.trim() ? { cardType: cardType.trim() } : {}))}>
              Next unused card number
            </Button>
          </div>
        </form>
        <form
          aria-label="Scan the card in a reader into stock"
          onSubmit={(e) => {
            e.preventDefault();
            dispatch(A.scanInRequested({ readerName: reader, ...(cardType.trim() ? { cardType: cardType.trim() } : {}) }));
          }}
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end', marginTop: 12 }}
        >
          <label htmlFor="stock-reader">Reader</label>
          <select id="stock-reader" value={reader} onChange={(e) => setReader(e.target.value)}>
            <option value="">{readers.length ? 'Choose a reader' : 'No card in a reader (link the agent on the readers page)'}</option>
            {readers.map((r) => (
              <option key={r.name} value={r.name}>
                {r.name}
                {r.smartcard ? ` (${r.smartcard.serialNumber})` : ''}
              </option>
            ))}
          </select>
          <Button type="submit" disabled={state.busy || reader === ''}>
            Scan into stock
          </Button>
        </form>
      </section>

      {destroying ? (
        <form
          aria-label={`Destroy ${destroying.serial}`}
          onSubmit={(e) => {
            e.preventDefault();
            dispatch(A.moveRequested({ serial: destroying.serial, move: 'destroy', reason: destroying.reason }));
            setDestroying(null);
          }}
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end', marginTop: 12 }}
        >
          <TextField label={`Why is ${destroying.serial} destroyed?`} value={destroying.reason} onChange={(e) => setDestroying({ ...destroying, reason: e.target.value })} />
          <Button type="submit" variant="danger">
            Destroy
          </Button>
          <Button type="button" onClick={() => setDestroying(null)}>
            Cancel
          </Button>
        </form>
      ) : null}

      <h2 style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>Cards in stock</h2>
      <form
        role="search"
        aria-label="Search the stock"
        onSubmit={(e) => {
          e.preventDefault();
          dispatch(A.listRequested({ search, page: 1 }));
        }}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end', maxWidth: 720 }}
      >
        <TextField label="Serial, card type or batch" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
        <label htmlFor="stock-state">State</label>
        <select id="stock-state" value={state.state} onChange={(e) => dispatch(A.listRequested({ state: e.target.value as StockState | '', page: 1 }))}>
          <option value="">Any</option>
          {STOCK_STATES.map((s) => (
            <option key={s} value={s}>
              {stockStateLabel(s)}
            </option>
          ))}
        </select>
        <Button type="submit">Search</Button>
      </form>
      <FormError>{state.error ?? undefined}</FormError>
      <PagedTable
        label="Stock"
        columns={columns}
        rows={state.items}
        rowKey={(i) => i.id}
        totalResults={state.total}
        pageIndex={state.page - 1}
        onPageChange={(index) => dispatch(A.listRequested({ page: index + 1 }))}
        sort={{ field: state.sort, direction: state.order }}
        onSortChange={(field) => dispatch(A.listRequested({ sort: field as StockSortKey, order: field === state.sort && state.order === 'asc' ? 'desc' : 'asc', page: 1 }))}
        emptyText={state.loading ? 'Loading…' : 'No cards match'}
      />
    </PageLayout>
  );
}
