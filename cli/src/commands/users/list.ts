/** `tessera users list [--search Q] [--json]`: the tenant's users, searched on the server (`GET Users`), every page. */
import { Command } from 'commander';
import type { UserSummary } from '@tessera/domain';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, NOT_SIGNED_IN_MESSAGE } from '../../utils/errors';
import { printJson } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { openSession } from '../../utils/session';

const schema = { server: option.url(), json: option.flag(), search: option.string() };
const PAGE = 100;

/** The `users list` command. */
export function usersListCommand(context: CliContext = processContext()): Command {
  const command = withCommonOptions(new Command('list'))
    .description('List users (username, names or e-mail address containing --search)')
    .option('--search <text>', 'only users whose username, names or e-mail address contain this')
    .addHelpText('after', '\nExamples:\n  $ tessera users list --search ann\n  $ tessera users list --json')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = openSession(context, { server: options.server });
        if (session.credentials === 'none') throw new CliError('NOT_LOGGED_IN', NOT_SIGNED_IN_MESSAGE);
        try {
          const users: UserSummary[] = [];
          let total = 0;
          do {
            const page = await session.api.listUsers({ skip: users.length, take: PAGE, ...(options.search ? { search: options.search } : {}) });
            total = page.totalResults;
            users.push(...page.results);
            if (page.results.length === 0) break;
          } while (users.length < total);
          if (options.json) printJson(context, { totalResults: total, results: users });
          else {
            for (const user of users) context.stdout(`${user.username}\t${`${user.givenName} ${user.familyName}`.trim()}\t${user.emailAddress}\n`);
            context.stdout(`${total} user${total === 1 ? '' : 's'}\n`);
          }
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
