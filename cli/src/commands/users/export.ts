/** `tessera users export`: the tenant's users as CSV on standard output (`GET UsersExport`), ready for `users import`. */
import { Command } from 'commander';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, NOT_SIGNED_IN_MESSAGE } from '../../utils/errors';
import { option, parseOptions } from '../../utils/schema';
import { openSession } from '../../utils/session';

const schema = { server: option.url() };

/** The `users export` command. */
export function usersExportCommand(context: CliContext = processContext()): Command {
  const command = withCommonOptions(new Command('export'))
    .description('Print the users of the tenant as CSV')
    .addHelpText('after', '\nExamples:\n  $ tessera users export > users.csv')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = openSession(context, { server: options.server });
        if (session.credentials === 'none') throw new CliError('NOT_LOGGED_IN', NOT_SIGNED_IN_MESSAGE);
        try {
          context.stdout(await session.api.exportUsers());
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
