/** Card stock calls (issue 15 "Beyond the spec: card stock"; designed; docs/api.md "Card stock"). Every call takes smartcardManage. */
import type { StockCounts, StockItem, StockListQuery, StockManualMove, StockPage, StockReceiveRequest, StockReceiveResult } from '@tessera/domain';
import type { HttpSend } from './http';

const P = '/api2/CMS-v2';

/** The stock calls. */
export interface StockCalls {
  /** `GET Stock?search&state&cardType&sort&order&page&pageSize`: one page of the stock (newest received first). */
  listStock(query?: StockListQuery): Promise<StockPage>;
  /** `GET StockCounts`: counts per card type with the low-stock rule, and the "require stock" setting. */
  stockCounts(): Promise<StockCounts>;
  /** `GET StockNextSerial?cardType`: the next unused card number (404 with admin-console §8's text when none). */
  stockNextSerial(cardType?: string): Promise<StockItem>;
  /** `POST StockReceive {csv | items, cardType?}` (201): the whole file or nothing (400 names every bad line). */
  receiveStock(request: StockReceiveRequest): Promise<StockReceiveResult>;
  /** `POST StockScanIn {readerName, cardType?, batch?}` (201): the card in a reader of the caller's CMS Client into stock. */
  scanInStock(request: { readerName: string; cardType?: string; batch?: string }): Promise<StockItem>;
  /** `POST StockMove {serial, move, reason?}`: shelve, return, restock, or destroy (with a reason). */
  moveStock(request: { serial: string; move: StockManualMove; reason?: string }): Promise<StockItem>;
  /** `PUT StockThreshold {cardType, threshold}`: answers the counts. */
  setStockThreshold(request: { cardType: string; threshold: number }): Promise<StockCounts>;
  /** `PUT StockSettings {requireStock}`: answers the counts. */
  setStockSettings(request: { requireStock: boolean }): Promise<StockCounts>;
}

/** The stock calls over `send`. */
export function stockCalls(send: HttpSend): StockCalls {
  const qs = (query: object) => new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();
  return {
    listStock: (query = {}) => {
      const q = qs(query);
      return send({ method: 'GET', path: q ? `${P}/Stock?${q}` : `${P}/Stock` });
    },
    stockCounts: () => send({ method: 'GET', path: `${P}/StockCounts` }),
    stockNextSerial: (cardType) => {
      const q = qs({ cardType });
      return send({ method: 'GET', path: q ? `${P}/StockNextSerial?${q}` : `${P}/StockNextSerial` });
    },
    receiveStock: (request) => send({ method: 'POST', path: `${P}/StockReceive`, body: request }),
    scanInStock: (request) => send({ method: 'POST', path: `${P}/StockScanIn`, body: request }),
    moveStock: (request) => send({ method: 'POST', path: `${P}/StockMove`, body: request }),
    setStockThreshold: (request) => send({ method: 'PUT', path: `${P}/StockThreshold`, body: request }),
    setStockSettings: (request) => send({ method: 'PUT', path: `${P}/StockSettings`, body: request }),
  };
}
