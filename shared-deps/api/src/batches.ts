/** Card batch calls (issue 16; signin §7 AddBatch, PrintBatch, DeactivatePrintedCard; admin-console §2.2 batchPrintStatus/{id}, batchfiles/download; docs/api.md "Card batches"). */
import type { Batch, BatchCard, BatchSummary, BatchUserInput, PrintBatchResult } from '@tessera/domain';
import type { HttpSend } from './http';

const P = '/api2/CMS-v2';

/** The batch calls. */
export interface BatchesCalls {
  /** `POST /api2/{v}/AddBatch {users}` (201, smartcardBatchFilesPrint). */
  addBatch(users: BatchUserInput[], v?: 'CMS-v1' | 'CMS-v2'): Promise<{ batchId: string }>;
  /** `POST /api2/{v}/PrintBatch {batch_id, reader, printOnly}` (smartcardBatchFilesPrint): answers when the call stops. */
  printBatch(request: { batch_id: string; reader: string; printOnly: boolean }, v?: 'CMS-v1' | 'CMS-v2'): Promise<PrintBatchResult>;
  /** `GET Batches?search&page&pageSize` (smartcardBatchFilesPrint): newest first. */
  listBatches(query?: { search?: string; page?: number; pageSize?: number }): Promise<{ batches: BatchSummary[]; total: number; page: number; pageSize: number }>;
  /** `GET BatchPrintStatus?batch_id` (smartcardBatchFilesPrintStatus). */
  batchPrintStatus(batchId: string): Promise<Batch>;
  /** `GET batchfiles/download?batch_id`: the batch's records as CSV (smartcardBatchFiles). */
  downloadBatchFile(batchId: string): Promise<string>;
  /** `POST /api2/{v}/DeactivatePrintedCard {printedCardId}`. */
  deactivatePrintedCard(printedCardId: string, v?: 'CMS-v1' | 'CMS-v2'): Promise<BatchCard>;
}

/** The batch calls over `send`. */
export function batchesCalls(send: HttpSend): BatchesCalls {
  const q = (batchId: string) => new URLSearchParams({ batch_id: batchId }).toString();
  return {
    addBatch: (users, v = 'CMS-v2') => send({ method: 'POST', path: `/api2/${v}/AddBatch`, body: { users } }),
    printBatch: (request, v = 'CMS-v2') => send({ method: 'POST', path: `/api2/${v}/PrintBatch`, body: request }),
    listBatches: (query = {}) => {
      const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();
      return send({ method: 'GET', path: qs ? `${P}/Batches?${qs}` : `${P}/Batches` });
    },
    batchPrintStatus: (batchId) => send({ method: 'GET', path: `${P}/BatchPrintStatus?${q(batchId)}` }),
    downloadBatchFile: (batchId) => send({ method: 'GET', path: `${P}/batchfiles/download?${q(batchId)}` }),
    deactivatePrintedCard: (printedCardId, v = 'CMS-v2') => send({ method: 'POST', path: `/api2/${v}/DeactivatePrintedCard`, body: { printedCardId } }),
  };
}
