/**
 * `tessera users import FILE.csv [--dry-run]`: checks the file on the server (`POST UsersImport` with
 * `dryRun`), prints every refused row naming its row and column, and, unless it is a dry run or a row is
 * bad, imports it. Nothing is created when any row is bad (the server checks the whole file again in the
 * apply). A progress bar on standard error follows the check and the import.
 */
import { Command } from 'commander';
import { csvRowErrorLine } from '@tessera/domain';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, NOT_SIGNED_IN_MESSAGE } from '../../utils/errors';
import { readInputFile, csvRowEstimate } from '../../utils/files';
import { printJson } from '../../utils/output';
import { startProgress } from '../../utils/progress';
import { option, parseOptions } from '../../utils/schema';
import { openSession } from '../../utils/session';

const schema = { server: option.url(), json: option.flag(), dryRun: option.flag() };


/** The `users import` command. */
export function usersImportCommand(context: CliContext = processContext()): Command {
  const command = withCommonOptions(new Command('import'))
    .description('Import users from a CSV file (columns: username, givenName, familyName, emailAddress, telephone, organisation)')
    .argument('<file>', 'the CSV file, header row first')
    .option('--dry-run', 'check the file and print the refused rows; create nobody')
    .addHelpText('after', '\nExamples:\n  $ tessera users import staff.csv --dry-run\n  $ tessera users import staff.csv --json')
    .action(
      action(context, async (file: string, raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const csv = readInputFile(file);
        const session = openSession(context, { server: options.server });
        if (session.credentials === 'none') throw new CliError('NOT_LOGGED_IN', NOT_SIGNED_IN_MESSAGE);
        try {
          const rows = csvRowEstimate(csv);
          const checking = startProgress(context, 'Checking ', rows);
          const check = await session.api.importUsers({ csv, dryRun: true });
          checking.increment(rows);
          checking.stop();
          let result = check;
          if (!options.dryRun && check.errors.length === 0) {
            const importing = startProgress(context, 'Importing', check.valid);
            result = await session.api.importUsers({ csv });
            importing.increment(result.created);
            importing.stop();
          }
          if (options.json) printJson(context, result);
          else {
            for (const error of result.errors) context.stdout(`${csvRowErrorLine(error)}\n`);
            if (result.applied) context.stdout(`Imported ${result.created} of ${result.total} users.\n`);
            else if (result.errors.length === 0) context.stdout(`All ${result.total} rows are valid (dry run: nobody was created).\n`);
          }
          if (result.errors.length > 0) throw new CliError('FAILURE', `${result.errors.length} of ${result.total} rows are refused; nobody was created`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
