import { ofType } from 'redux-observable';
import { catchError, concat, from, map, mergeMap, of, switchMap, withLatestFrom, type Observable } from 'rxjs';
import { STOCK_MOVE_PAST, STOCK_UNUSED_CARD_NUMBER_FAILED, withReason } from '@tessera/domain';
import { errorMessage, type SmartcardsEpic } from '../epic';
import { stockActions as A, stockSelectors } from './stock.slice';

/** Loads the page the state asks for (GET Stock, searched, filtered and sorted on the server). */
export const stockListEpic: SmartcardsEpic = (action$, state$, { api }) =>
  action$.pipe(
    ofType(A.listRequested.type),
    withLatestFrom(state$),
    switchMap(([, state]) => {
      const s = stockSelectors.selectState(state as never);
      return from(api.listStock({ ...(s.search ? { search: s.search } : {}), ...(s.state ? { state: s.state } : {}), sort: s.sort, order: s.order, page: s.page, pageSize: s.pageSize })).pipe(
        map((answer) => A.listLoaded({ items: answer.items, total: answer.total, pageSize: answer.pageSize })),
        catchError((error: unknown) => of(A.listFailed(errorMessage(error)))),
      );
    }),
  );

/** Loads the counts per card type (GET StockCounts). */
export const stockCountsEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.countsRequested.type),
    switchMap(() =>
      from(api.stockCounts()).pipe(
        map((answer) => A.countsLoaded({ counts: answer.counts, requireStockMessage: answer.requireStockMessage })),
        catchError((error: unknown) => of(A.countsFailed(errorMessage(error)))),
      ),
    ),
  );

/** After a change: its notice, then the list and the counts again. */
const thenReload = (notice: string): Observable<ReturnType<typeof A.actionDone> | ReturnType<typeof A.listRequested> | ReturnType<typeof A.countsRequested>> =>
  concat(of(A.actionDone(notice)), of(A.listRequested(undefined)), of(A.countsRequested()));

/** StockReceive: the whole file or nothing; the server's message names every bad line. */
export const stockReceiveEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.receiveRequested.type),
    mergeMap((action) => {
      const { csv, cardType } = (action as ReturnType<typeof A.receiveRequested>).payload;
      return from(api.receiveStock({ csv, ...(cardType ? { cardType } : {}) })).pipe(
        mergeMap((result) => thenReload(`Received ${result.received} card${result.received === 1 ? '' : 's'} into stock`)),
        catchError((error: unknown) => of(A.actionFailed(errorMessage(error)))),
      );
    }),
  );

/** StockScanIn: the card in a reader of the caller's CMS Client into stock. */
export const stockScanInEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.scanInRequested.type),
    mergeMap((action) => {
      const { readerName, cardType } = (action as ReturnType<typeof A.scanInRequested>).payload;
      return from(api.scanInStock({ readerName, ...(cardType ? { cardType } : {}) })).pipe(
        mergeMap((item) => thenReload(`Card ${item.serial} (${item.cardType}) received into stock`)),
        catchError((error: unknown) => of(A.actionFailed(errorMessage(error)))),
      );
    }),
  );

/** StockMove: shelve, return, restock or destroy (with a reason). */
export const stockMoveEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.moveRequested.type),
    mergeMap((action) => {
      const request = (action as ReturnType<typeof A.moveRequested>).payload;
      return from(api.moveStock(request)).pipe(
        mergeMap((item) => thenReload(`Card ${item.serial} ${STOCK_MOVE_PAST[request.move]}`)),
        catchError((error: unknown) => of(A.actionFailed(errorMessage(error)))),
      );
    }),
  );

/** StockNextSerial: the next unused card number, or admin-console §8's text with the server's reason. */
export const stockNextSerialEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.nextSerialRequested.type),
    mergeMap((action) => {
      const { cardType } = (action as ReturnType<typeof A.nextSerialRequested>).payload;
      return from(api.stockNextSerial(cardType)).pipe(
        map((item) => A.actionDone(`Next unused card number: ${item.serial} (${item.cardType})`)),
        catchError((error: unknown) => {
          const reason = errorMessage(error);
          return of(A.actionFailed(reason.startsWith(STOCK_UNUSED_CARD_NUMBER_FAILED) ? reason : withReason(STOCK_UNUSED_CARD_NUMBER_FAILED, reason)));
        }),
      );
    }),
  );
