/**
 * `tessera stock receive FILE [--card-type T]`: receives the cards of a CSV file (`serial,cardType[,batch]`) into the
 * tenant's stock, the whole file or nothing. The file is checked here first with the domain's rules (every bad line
 * printed, nothing sent), then sent in one call that the server checks again (serials already in stock). A progress
 * bar on standard error follows the check and the receive.
 */
import { Command } from 'commander';
import { parse } from 'csv-parse/sync';
import { STOCK_LIMITS, stockProblemLine, validateStockCsv } from '@tessera/domain';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, usageError } from '../../utils/errors';
import { readInputFile, csvRowEstimate } from '../../utils/files';
import { printJson } from '../../utils/output';
import { startProgress } from '../../utils/progress';
import { option, parseOptions } from '../../utils/schema';
import { signedIn } from '../cards/shared';

const schema = { server: option.url(), json: option.flag(), cardType: option.string() };

/** Rows checked between two steps of the bar. */
const CHECK_STEP = 500;

/** The `stock receive` command. */
export function stockReceiveCommand(context: CliContext = processContext()): Command {
  const command = withCommonOptions(new Command('receive'))
    .description(`Receive the cards of a CSV file into stock (header serial,cardType[,batch]; at most ${STOCK_LIMITS.csvRowsMax} cards): all or nothing`)
    .argument('<file>', 'the CSV file, header first')
    .option('--card-type <type>', 'the card type of lines that leave it empty')
    .addHelpText('after', '\nExamples:\n  $ tessera stock receive delivery-2026-11.csv\n  $ tessera stock receive serials.csv --card-type PIV --json')
    .action(
      action(context, async (file: string, raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const csv = readInputFile(file);
        // The bar follows the parse record by record (csv-parse's on_record), a step every CHECK_STEP lines.
        const lines = csvRowEstimate(csv);
        const checking = startProgress(context, 'Checking ', lines);
        let seen = 0;
        let records: string[][];
        try {
          records = parse(csv, {
            relax_column_count: true,
            skip_empty_lines: true,
            bom: true,
            trim: true,
            on_record: (record: string[], { lines: line }: { lines: number }) => {
              if (line > 1 && ++seen % CHECK_STEP === 0) checking.increment(CHECK_STEP);
              return record;
            },
          }) as string[][];
        } catch (error) {
          checking.stop();
          throw usageError(`${file} is not a valid CSV file: ${(error as Error).message}`);
        }
        const rows = Math.max(0, records.length - 1);
        const { problems } = validateStockCsv(records, options.cardType);
        checking.increment(seen % CHECK_STEP);
        checking.stop();
        if (problems.length > 0) {
          for (const p of problems) context.stdout(`${stockProblemLine(p)}\n`);
          throw new CliError('FAILURE', `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${file}; no card was received`);
        }
        const session = signedIn(context, options.server);
        try {
          const receiving = startProgress(context, 'Receiving', rows);
          const result = await session.api.receiveStock({ csv, ...(options.cardType ? { cardType: options.cardType } : {}) });
          receiving.increment(result.received);
          receiving.stop();
          if (options.json) return printJson(context, result);
          const types = Object.entries(result.cardTypes).map(([t, n]) => `${n} ${t}`).join(', ');
          context.stdout(`Received ${result.received} card${result.received === 1 ? '' : 's'} into stock (${types}).\n`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
