/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STOCK_UNUSED_CARD_NUMBER_FAILED, type StockCount, type StockItem } from '@tessera/domain';
import { ApiError } from '@tessera/api';
import { fakeApi, installMatchMedia, renderWithStore } from '../testing/renderWithStore';
import { readersActions } from '../readers/readers.slice';
import { StockPage } from './StockPage';
import { StockSummarySection } from './StockSummarySection';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const count = (cardType: string, available: number, threshold: number): StockCount => ({ cardType, received: available, inStock: 0, issued: 1, returned: 0, destroyed: 0, available, threshold, low: threshold > 0 && available < threshold });
const item = (serial: string, state: StockItem['state']): StockItem => ({
  id: `id-${serial}`,
  serial,
  cardType: 'PIV',
  batch: 'lot-1',
  state,
  receivedAt: '2026-11-28T08:00:00.000Z',
  receivedBy: 'admin',
  movedAt: '2026-11-28T08:00:00.000Z',
  movedBy: 'admin',
  cardId: null,
  reason: null,
});

describe('card stock', () => {
  beforeAll(installMatchMedia);

  it('should show the counts per card type and warn of the types under their threshold', async () => {
    const api = fakeApi();
    api.stockCounts.mockResolvedValue({ counts: [count('PIV', 3, 10), count('Prox', 40, 10)], requireStock: false, requireStockMessage: 'Cards not in stock may be registered and issued.' });
    renderWithStore(<StockSummarySection showLink />, { api });
    expect((await screen.findByRole('alert')).textContent).toBe('Low stock: PIV (3 left, threshold 10)');
    const table = screen.getByRole('table', { name: 'Stock per card type' });
    expect(within(table).getAllByRole('row').map((r) => r.getAttribute('data-low'))).toEqual([null, 'true', 'false']);
    expect(screen.getByText('Cards not in stock may be registered and issued.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage card stock' }).getAttribute('href')).toBe('/credentials/smartcards/stock');
  });

  it('should receive a CSV, then list and count again; a refused file shows the server\'s lines and nothing is reloaded', async () => {
    const api = fakeApi();
    api.receiveStock.mockRejectedValueOnce(new ApiError('VALIDATION', 'Line 3, serial: is named twice in the file (line 2)', { status: 400, field: 'csv' })).mockResolvedValue({ received: 2, cardTypes: { PIV: 2 } });
    api.listStock.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 10 });
    renderWithStore(<StockPage />, { api });
    await waitFor(() => expect(api.listStock).toHaveBeenCalledWith({ sort: 'receivedAt', order: 'desc', page: 1, pageSize: 10 }));
    const csv = 'serial,cardType\nS-1,PIV\nS-1,PIV\n';
    fireEvent.change(screen.getByLabelText('CSV (serial,cardType[,batch])'), { target: { value: csv } });
    fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Line 3, serial: is named twice in the file (line 2)')).toBeTruthy();
    expect(api.receiveStock).toHaveBeenLastCalledWith({ csv });
    expect(api.listStock).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByLabelText('CSV (serial,cardType[,batch])'), { target: { value: 'serial,cardType\nS-1,PIV\nS-2,PIV\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
    expect((await screen.findByRole('status')).textContent).toBe('Received 2 cards into stock');
    await waitFor(() => expect(api.listStock).toHaveBeenCalledTimes(2));
    expect(api.stockCounts).toHaveBeenCalledTimes(2);
  });

  it('should offer each card only the moves its state allows, ask a reason to destroy, and filter by state on the server', async () => {
    const api = fakeApi();
    api.listStock.mockResolvedValue({ items: [item('S-1', 'received'), item('S-2', 'issued')], total: 2, page: 1, pageSize: 10 });
    api.moveStock.mockResolvedValue(item('S-1', 'destroyed'));
    renderWithStore(<StockPage />, { api });
    const received = await screen.findByRole('row', { name: /S-1/ });
    expect(within(received).getAllByRole('button').map((b) => b.textContent)).toEqual(['Put in stock', 'Destroy']);
    expect(within(screen.getByRole('row', { name: /S-2/ })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Return', 'Destroy']);
    fireEvent.click(within(received).getByRole('button', { name: 'Destroy S-1' }));
    const form = screen.getByRole('form', { name: 'Destroy S-1' });
    fireEvent.change(within(form).getByLabelText('Why is S-1 destroyed?'), { target: { value: 'chip cracked' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Destroy' }));
    await waitFor(() => expect(api.moveStock).toHaveBeenCalledWith({ serial: 'S-1', move: 'destroy', reason: 'chip cracked' }));
    expect((await screen.findByRole('status')).textContent).toBe('Card S-1 destroyed');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'destroyed' } });
    await waitFor(() => expect(api.listStock).toHaveBeenLastCalledWith({ state: 'destroyed', sort: 'receivedAt', order: 'desc', page: 1, pageSize: 10 }));
  });

  it('should say admin-console §8\'s text when there is no unused card number', async () => {
    const api = fakeApi();
    api.stockNextSerial.mockRejectedValueOnce(new ApiError('NOT_FOUND', 'no PIV card is in stock', { status: 404 })).mockResolvedValue(item('S-9', 'in_stock'));
    renderWithStore(<StockPage />, { api });
    fireEvent.change(screen.getByLabelText('Card type for lines without one'), { target: { value: 'PIV' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next unused card number' }));
    expect(await screen.findByText(`${STOCK_UNUSED_CARD_NUMBER_FAILED}: no PIV card is in stock`)).toBeTruthy();
    expect(api.stockNextSerial).toHaveBeenLastCalledWith('PIV');
    fireEvent.click(screen.getByRole('button', { name: 'Next unused card number' }));
    expect((await screen.findByRole('status')).textContent).toBe('Next unused card number: S-9 (PIV)');
  });

  it('should open the readers panel and offer the readers holding a card, then scan the chosen one into stock', async () => {
    const api = fakeApi();
    api.scanInStock.mockResolvedValue(item('5A17', 'received'));
    const { store } = renderWithStore(<StockPage />, { api });
    // The page opens the live readers itself (the readers page need not have been visited).
    await waitFor(() => expect((store.getState() as unknown as { smartcardReaders: { agent: string } }).smartcardReaders.agent).toBe('connecting'));
    expect(screen.getByRole('option', { name: 'No card in a reader (link the agent on the readers page)' })).toBeTruthy();
    const reader = (name: string, serial: string | null) => ({ name, cardPresent: serial !== null, smartcard: serial ? { serialNumber: serial, atr: '3B', cardType: 'PIV' } : null, printer: null, status: '', processing: false });
    act(() => {
      store.dispatch(readersActions.readerEvent({ type: 'readers', readerName: '', readers: [reader('Reader A', '5A17'), reader('Reader B', null)] }));
    });
    const select = screen.getByLabelText('Reader') as HTMLSelectElement;
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a reader', 'Reader A (5A17)']);
    fireEvent.change(select, { target: { value: 'Reader A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Scan into stock' }));
    await waitFor(() => expect(api.scanInStock).toHaveBeenCalledWith({ readerName: 'Reader A' }));
  });
});
