import { STOCK_UNUSED_CARD_NUMBER_FAILED } from '@tessera/domain';
import { createApiClient } from './createApiClient';
import { fakeFetch, json } from './testing/fakeFetch';

describe('stock calls', () => {
  it('should send each call to its path, with only the query values given', async () => {
    const fake = fakeFetch(() => json({}));
    const api = createApiClient({ baseUrl: 'http://s', fetch: fake.fetch, getXsrfToken: () => 't' });
    await api.listStock({ state: 'in_stock', search: '', page: 2 });
    await api.listStock();
    await api.stockCounts();
    await api.stockNextSerial('PIV');
    await api.receiveStock({ csv: 'serial,cardType\nA1,PIV', cardType: 'PIV' });
    await api.scanInStock({ readerName: 'R0' });
    await api.moveStock({ serial: 'A1', move: 'destroy', reason: 'cracked' });
    await api.setStockThreshold({ cardType: 'PIV', threshold: 5 });
    await api.setStockSettings({ requireStock: true });
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET http://s/api2/CMS-v2/Stock?state=in_stock&page=2',
      'GET http://s/api2/CMS-v2/Stock',
      'GET http://s/api2/CMS-v2/StockCounts',
      'GET http://s/api2/CMS-v2/StockNextSerial?cardType=PIV',
      'POST http://s/api2/CMS-v2/StockReceive',
      'POST http://s/api2/CMS-v2/StockScanIn',
      'POST http://s/api2/CMS-v2/StockMove',
      'PUT http://s/api2/CMS-v2/StockThreshold',
      'PUT http://s/api2/CMS-v2/StockSettings',
    ]);
    expect(JSON.parse(fake.calls[6]?.body ?? '')).toEqual({ serial: 'A1', move: 'destroy', reason: 'cracked' });
  });

  it('should reject with the server’s text when no card number is unused', async () => {
    const fake = fakeFetch(() => json({ code: 'NOT_FOUND', message: `${STOCK_UNUSED_CARD_NUMBER_FAILED}: no PIV card is in stock` }, 404));
    const api = createApiClient({ baseUrl: 'http://s', fetch: fake.fetch, getXsrfToken: () => 't' });
    await expect(api.stockNextSerial('PIV')).rejects.toMatchObject({ code: 'NOT_FOUND', message: `${STOCK_UNUSED_CARD_NUMBER_FAILED}: no PIV card is in stock` });
  });
});
