/**
 * `tessera applets upload APPLET_ID --reader NAME --count N`: links the local agent to this CLI's session (as
 * `cards issue` does), then has the server load and install the catalogue applet on N cards presented one after
 * another in the reader (BatchAppletUpload, one card a call, so the progress bar moves card by card; the cards
 * already done are passed as `skip_cards`, so the server waits for the next one). A summary table follows.
 * Exit 0: every card done; 4: some failed; 1: none.
 */
import { Command } from 'commander';
import { APPLET_MESSAGES, validateCardCount, type AppletUploadCard } from '@tessera/domain';
import type { CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, usageError } from '../../utils/errors';
import { printJson, printColumns } from '../../utils/output';
import { startProgress } from '../../utils/progress';
import { option, parseOptions } from '../../utils/schema';
import { linkAgent, signedIn, waitForAgent } from '../cards/shared';

const schema = { server: option.url(), json: option.flag(), reader: option.string({ required: true }), count: option.string({ required: true }) };

/** The `applets upload` command. */
export function appletsUploadCommand(context: CliContext): Command {
  const command = withCommonOptions(new Command('upload'))
    .description('Load and install a catalogue applet on cards presented one after another in a reader of the local agent')
    .argument('<appletId>', 'the applet (see tessera applets list)')
    .option('--reader <reader>', 'the reader name (see tessera readers list)')
    .option('--count <n>', 'how many cards')
    .addHelpText('after', "\nExamples:\n  $ tessera applets upload 6f1c… --reader 'Virtual PCD 00 01' --count 3\n\nExit codes: 0 every card done, 4 some cards failed, 1 none done.")
    .action(
      action(context, async (appletId: string, raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const count = Number(options.count);
        const problem = validateCardCount(count);
        if (problem) throw usageError(`--count: ${problem.message}`);
        const session = signedIn(context, options.server);
        const progress = startProgress(context, 'Cards', count);
        const cards: AppletUploadCard[] = [];
        try {
          const applet = await session.api.getApplet(appletId);
          const connection = await linkAgent(context, session);
          await waitForAgent(session, connection);
          for (let i = 0; i < count; i += 1) {
            const skip = cards.map((c) => c.cardId).filter((id) => /^[0-9A-F]{20}$/i.test(id));
            const result = await session.api.batchAppletUpload({ reader: options.reader, card_count: 1, applet_id: applet.applet_id, ...(skip.length ? { skip_cards: skip } : {}) }, connection.cmsVersion);
            cards.push(...result.cards);
            progress.increment(1);
            if (result.cards.some((c) => c.cardId === '')) break;
          }
        } finally {
          progress.stop();
          session.saveCookies();
        }
        const ok = cards.filter((c) => c.ok).length;
        if (options.json) printJson(context, { applet_id: appletId, reader: options.reader, cards, succeeded: ok, failed: cards.length - ok });
        else {
          const rows = cards.map((c, i) => [String(i + 1), c.cardId || '-', c.ok ? 'installed' : 'failed', c.ok ? c.installed.join(',') : (c.error ?? '')]);
          const header = ['#', 'CARD', 'RESULT', 'DETAIL'];
          printColumns(context, header, rows);
        }
        if (ok === count) return;
        const summary = `${ok} of ${count} cards done${cards.some((c) => c.cardId === '') ? ` (${APPLET_MESSAGES.APPLET_NO_CARD})` : ''}`;
        throw new CliError(ok === 0 ? 'FAILURE' : 'PARTIAL', summary);
      }),
    );
  return configureCommand(command, context);
}
