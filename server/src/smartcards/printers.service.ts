/**
 * Card printers through the caller's CMS Client (issue 16; signin §7 PrinterListPrinters, PrinterInsertCard,
 * PrinterEjectCard, PrinterCardPrint {printer, cardSerial, userId, cardTemplateId}): each call audited before it is
 * relayed (an audit failure stops it: 503). A print renders the card on the server (the template's layout with the
 * user's data: PNG sides and PDF, the pixels the console previews) and sends it to the agent's printer.
 */
import { PRINT_JOB_MAX_BASE64, type AgentResult } from '@tessera/agent-protocol';
import type { AuthContext } from '../platform/types';
import { ValidationError } from '../platform/errors';
import { auditCall, relay, type CmsCaller, type CmsClientDeps } from './cms-client.service';
import { printableCard, printableCardOfData, type CardLayoutsDeps, type PrintableCard } from './card-layouts.service';

/** What the printer calls need. */
export type PrintersDeps = CmsClientDeps & CardLayoutsDeps;

/** The printers of the caller's agent. */
export async function listPrinters(deps: PrintersDeps, caller: CmsCaller): Promise<AgentResult<'ListPrinters'>> {
  await auditCall(deps, caller, 'PrinterListPrinters');
  return deps.hub.call(caller.session.id, 'ListPrinters', {});
}

/** Moves a card into the printer's encoder; answers the encoder's reader. */
export function insertCard(deps: PrintersDeps, caller: CmsCaller, printer: string): Promise<AgentResult<'PrinterInsertCard'>> {
  return relay(deps, caller, 'PrinterInsertCard', { printerName: printer }, { printer });
}

/** Ejects the printer's card. */
export function ejectCard(deps: PrintersDeps, caller: CmsCaller, printer: string): Promise<AgentResult<'PrinterEjectCard'>> {
  return relay(deps, caller, 'PrinterEjectCard', { printerName: printer }, { printer });
}

/**
 * Renders the user's card with the template and prints it. @throws NotFoundError (user, template),
 * ValidationError when the rendered card is too large for one message to the agent
 */
export async function printCard(deps: PrintersDeps, auth: AuthContext, caller: CmsCaller, body: { printer: string; cardSerial: string; userId: string; cardTemplateId: string }): Promise<AgentResult<'PrinterCardPrint'>> {
  const card = await printableCard(deps, auth, { userId: body.userId, templateId: body.cardTemplateId });
  return sendToPrinter(deps, caller, card, body);
}

/** Sends a rendered card to the agent's printer (audited with `detail`). */
function sendToPrinter(deps: PrintersDeps, caller: CmsCaller, card: PrintableCard, body: { printer: string; cardSerial: string; userId?: string; cardTemplateId: string }): Promise<AgentResult<'PrinterCardPrint'>> {
  const [front, back, pdf] = [card.front, card.back, card.pdf].map((b) => b.toString('base64')) as [string, string, string];
  if (front.length > PRINT_JOB_MAX_BASE64.side || back.length > PRINT_JOB_MAX_BASE64.side || pdf.length > PRINT_JOB_MAX_BASE64.pdf) {
    throw new ValidationError('cardTemplateId', 'renders a card too large to send to the printer: use smaller background images');
  }
  return relay(deps, caller, 'PrinterCardPrint', { printerName: body.printer, cardSerial: body.cardSerial, front, back, pdf }, { printer: body.printer, cardSerial: body.cardSerial, ...(body.userId ? { userId: body.userId } : {}), cardTemplateId: body.cardTemplateId });
}

/**
 * Prints temporary passes one after the other (admin-console §7 batch print, issue 16): for each, a card into the
 * encoder, the template's layout printed with the pass's data (extensions `passNumber` and `cardType`), which ejects
 * it. Stops at the first failure and says which pass and why. @throws NotFoundError for an unknown template
 */
export async function printPasses(
  deps: PrintersDeps,
  auth: AuthContext,
  caller: CmsCaller,
  body: { printer: string; cardTemplateId: string; passes: { passNumber: string; cardType: string }[] },
): Promise<{ printed: { passNumber: string; printedCardId: string }[]; printFailure: { passNumber: string; message: string } | null }> {
  const printed: { passNumber: string; printedCardId: string }[] = [];
  for (const pass of body.passes) {
    const card = await printableCardOfData(deps, auth, body.cardTemplateId, { userName: pass.passNumber, extensions: { passNumber: pass.passNumber, cardType: pass.cardType } });
    try {
      await insertCard(deps, caller, body.printer);
      const { printedCardId } = await sendToPrinter(deps, caller, card, { printer: body.printer, cardSerial: `pass-${pass.passNumber}`, cardTemplateId: body.cardTemplateId });
      printed.push({ passNumber: pass.passNumber, printedCardId });
    } catch (error) {
      return { printed, printFailure: { passNumber: pass.passNumber, message: error instanceof Error ? error.message : 'An unexpected error occurred' } };
    }
  }
  return { printed, printFailure: null };
}
