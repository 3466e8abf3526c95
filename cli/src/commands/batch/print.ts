/**
 * `tessera batch print BATCH_ID --reader NAME [--print-only]`: links the local agent to this CLI's session (as
 * `cards issue` does), then has the server insert, issue (unless --print-only), print and eject each card of the
 * batch not done yet through the printer whose encoder is NAME (PrintBatch). The progress bar follows
 * BatchPrintStatus (every 3 s, signin §9) while the call runs; a summary table follows. Resumable: the same
 * command goes on where a stopped batch stopped. Exit 0: every card done; 4: some failed; 1: none done.
 */
import { Command } from 'commander';
import { BATCH_PRINT_PING_MS, type Batch } from '@tessera/domain';
import type { CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError } from '../../utils/errors';
import { printJson } from '../../utils/output';
import { startProgress } from '../../utils/progress';
import { option, parseOptions } from '../../utils/schema';
import { linkAgent, signedIn, waitForAgent } from '../cards/shared';

const schema = { server: option.url(), json: option.flag(), reader: option.string({ required: true }), printOnly: option.flag() };

/** The `batch print` command. */
export function batchPrintCommand(context: CliContext): Command {
  const command = withCommonOptions(new Command('print'))
    .description("Issue and print a batch's cards through a card printer of the local agent (resumable: run it again after a stop)")
    .argument('<batchId>', 'the batch (see tessera batch create)')
    .option('--reader <reader>', "the card printer's encoder reader (see tessera readers list)")
    .option('--print-only', 'print the cards without issuing them')
    .addHelpText('after', "\nExamples:\n  $ tessera batch print 6f1c… --reader 'Tessera Virtual Reader 1'\n  $ tessera batch print 6f1c… --reader 'Tessera Virtual Reader 1' --print-only --json\n\nExit codes: 0 every card done, 4 some cards failed, 1 none done.")
    .action(
      action(context, async (batchId: string, raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = signedIn(context, options.server);
        let result: Batch;
        try {
          const before = await session.api.batchPrintStatus(batchId);
          const connection = await linkAgent(context, session);
          await waitForAgent(session, connection);
          const progress = startProgress(context, 'Cards', before.total);
          let shown = before.done;
          progress.increment(shown);
          const show = (status: Batch) => {
            const now = status.done + status.failed;
            if (now > shown) progress.increment(now - shown);
            shown = Math.max(shown, now);
          };
          const timer = setInterval(() => {
            session.api.batchPrintStatus(batchId).then(show, () => undefined);
          }, BATCH_PRINT_PING_MS);
          try {
            result = await session.api.printBatch({ batch_id: batchId, reader: options.reader, printOnly: options.printOnly === true }, connection.cmsVersion);
            show(result);
          } finally {
            clearInterval(timer);
            progress.stop();
          }
        } finally {
          session.saveCookies();
        }
        if (options.json) printJson(context, result);
        else {
          const rows = result.cards.map((c) => [String(c.position), c.userDn || c.userId, c.state, c.cardSerial ?? '-', c.printedCardId ?? '-', c.error ?? '']);
          const header = ['#', 'USER', 'STATE', 'CARD', 'PRINTED CARD', 'ERROR'];
          const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
          context.stdout([header, ...rows].map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n') + '\n');
        }
        if (result.done === result.total) return;
        const summary = `${result.done} of ${result.total} cards done, ${result.failed} failed: run the same command to go on`;
        throw new CliError(result.done === 0 ? 'FAILURE' : 'PARTIAL', summary);
      }),
    );
  return configureCommand(command, context);
}
