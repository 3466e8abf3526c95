/** `tessera stock list [--state S] [--card-type T] [--search S] [--page N]`: the tenant's card stock, paged, filtered and searched on the server. */
import { Command } from 'commander';
import { STOCK_STATES, stockStateLabel, type StockState } from '@tessera/domain';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { usageError } from '../../utils/errors';
import { printColumns, printJson } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { signedIn } from '../cards/shared';

const schema = { server: option.url(), json: option.flag(), state: option.string(), cardType: option.string(), search: option.string(), page: option.string() };

/** The `stock list` command. */
export function stockListCommand(context: CliContext = processContext()): Command {
  const command = withCommonOptions(new Command('list'))
    .description('List the card stock, newest received first')
    .option('--state <state>', `only cards in this state (${STOCK_STATES.join(', ')})`)
    .option('--card-type <type>', 'only cards of this type')
    .option('--search <text>', 'only cards whose serial, card type or batch holds this')
    .option('--page <n>', 'the page (50 a page)')
    .addHelpText('after', '\nExamples:\n  $ tessera stock list --state in_stock\n  $ tessera stock list --card-type PIV --json')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        if (options.state !== undefined && !(STOCK_STATES as readonly string[]).includes(options.state)) throw usageError(`--state must be one of ${STOCK_STATES.join(', ')}`);
        const pageNumber = options.page === undefined ? 1 : Number(options.page);
        if (!Number.isInteger(pageNumber) || pageNumber < 1) throw usageError('--page must be a whole number from 1');
        const session = signedIn(context, options.server);
        try {
          const page = await session.api.listStock({
            ...(options.state ? { state: options.state as StockState } : {}),
            ...(options.cardType ? { cardType: options.cardType } : {}),
            ...(options.search ? { search: options.search } : {}),
            page: pageNumber,
            pageSize: 50,
          });
          if (options.json) return printJson(context, page.items);
          printColumns(context, ['SERIAL', 'CARD TYPE', 'BATCH', 'STATE', 'MOVED', 'BY'], page.items.map((i) => [i.serial, i.cardType, i.batch ?? '-', stockStateLabel(i.state), i.movedAt, i.movedBy]));
          context.stdout(`${page.total} card${page.total === 1 ? '' : 's'}${page.total > page.pageSize ? ` (page ${page.page} of ${Math.ceil(page.total / page.pageSize)})` : ''}\n`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
