/** `tessera whoami`: the signed-in user (`GET /api/login`). */
import { Command } from 'commander';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, NOT_SIGNED_IN_MESSAGE } from '../../utils/errors';
import { printJson, printTable } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { openSession } from '../../utils/session';

const schema = { server: option.url(), json: option.flag() };

/** The `whoami` command. */
export function whoamiCommand(context: CliContext = processContext()): Command {
  const command = withCommonOptions(new Command('whoami'))
    .description('Show the signed-in user')
    .addHelpText('after', '\nExamples:\n  $ tessera whoami\n  $ tessera whoami --json | jq .permission.View')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = openSession(context, { server: options.server });
        if (session.credentials === 'none') throw new CliError('NOT_LOGGED_IN', NOT_SIGNED_IN_MESSAGE);
        const viewer = await session.api.getViewer();
        session.saveCookies();
        if (options.json) {
          // `api` and `activeMenu` repeat `View` and `Menu` (signin §3): printed once.
          const { api: _api, activeMenu: _activeMenu, ...permission } = viewer.permission;
          printJson(context, { ...viewer, permission });
          return;
        }
        printTable(context, [
          ['Username', viewer.username],
          ['Name', viewer.names.displayName || `${viewer.names.givenName} ${viewer.names.familyName}`.trim()],
          ['Email', viewer.emailAddress],
          ['Tenant', viewer.tenant.name],
          ['Roles', viewer.roles.join(', ') || '-'],
          ['Permissions', String(viewer.permission.View.length)],
          ['Manager', viewer.permission.isManager ? 'yes' : 'no'],
          ['Server', session.server],
        ]);
      }),
    );
  return configureCommand(command, context);
}
