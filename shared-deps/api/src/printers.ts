/** Card printer calls (issue 16; signin §7 PrinterListPrinters, PrinterInsertCard, PrinterEjectCard, PrinterCardPrint). */
import type { HttpSend } from './http';

const P = '/api2/CMS-v2';

/** The card printer calls (smartcardManage), relayed to the caller's CMS Client. */
export interface PrintersCalls {
  /** `GET /api2/CMS-v2/PrinterListPrinters`. */
  printerListPrinters(): Promise<{ printers: { name: string; isCardPrinter: boolean }[] }>;
  /** `POST /api2/CMS-v2/PrinterInsertCard {printer}`: answers the encoder's reader. */
  printerInsertCard(printer: string): Promise<{ inserted: boolean; readerName: string | null }>;
  /** `POST /api2/CMS-v2/PrinterEjectCard {printer}`. */
  printerEjectCard(printer: string): Promise<{ ejected: boolean }>;
  /** `POST /api2/CMS-v2/PrinterCardPrint {printer, cardSerial, userId, cardTemplateId}`. */
  printerCardPrint(body: { printer: string; cardSerial: string; userId: string; cardTemplateId: string }): Promise<{ printedCardId: string }>;
}

/** The card printer calls over `send`. */
export function printersCalls(send: HttpSend): PrintersCalls {
  return {
    printerListPrinters: () => send({ method: 'GET', path: `${P}/PrinterListPrinters` }),
    printerInsertCard: (printer) => send({ method: 'POST', path: `${P}/PrinterInsertCard`, body: { printer } }),
    printerEjectCard: (printer) => send({ method: 'POST', path: `${P}/PrinterEjectCard`, body: { printer } }),
    printerCardPrint: (body) => send({ method: 'POST', path: `${P}/PrinterCardPrint`, body }),
  };
}
