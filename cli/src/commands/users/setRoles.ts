/**
 * `tessera users set-roles`: replaces a user's roles (`PUT /api2/IDM-v1/User` with `roleIds`). The
 * server applies the grant rules (issue 18): nobody changes their own roles or grants a role holding a
 * permission they do not hold; its refusal is printed as one line naming what is missing.
 */
import { Command } from 'commander';
import { ApiError } from '@tessera/api';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, NOT_SIGNED_IN_MESSAGE, usageError } from '../../utils/errors';
import { printJson } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { openSession } from '../../utils/session';
import { usersExportCommand } from './export';
import { usersImportCommand } from './import';
import { usersListCommand } from './list';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const schema = {
  server: option.url(),
  json: option.flag(),
  roles: option.string(),
  passwordStdin: option.flag(),
};

/**
 * The signed-in user's own password, when the server asks for it again (roles are a protected field,
 * admin-console §4 "User update", §8): standard input with --password-stdin, else a prompt on a terminal.
 */
async function readOwnPassword(context: CliContext, fromStdin: boolean): Promise<string> {
  if (fromStdin) {
    const password = (await context.readStdin()).replace(/\r?\n$/, '');
    if (password === '') throw usageError('no password on standard input');
    return password;
  }
  if (!context.isInteractive()) throw usageError('the server asks for your password again to change roles; use --password-stdin');
  return context.promptPassword('Your password:');
}

/** The `users set-roles <username>` command. */
export function usersSetRolesCommand(context: CliContext = processContext()): Command {
  const command = withCommonOptions(new Command('set-roles'))
    .description("Replace a user's roles (by role name)")
    .argument('<username>', 'the user whose roles change')
    .option('--roles <names>', 'role names or ids, comma-separated; empty for none', '')
    .option('--password-stdin', 'read your own password (asked again for a change of roles) from standard input')
    .addHelpText('after', '\nExamples:\n  $ tessera users set-roles alice --roles "Helpdesk,Card operators"\n  $ tessera users set-roles bob --roles ""')
    .action(
      action(context, async (username: string, raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const names = [...new Set((options.roles ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
        const session = openSession(context, { server: options.server });
        if (session.credentials === 'none') throw new CliError('NOT_LOGGED_IN', NOT_SIGNED_IN_MESSAGE);
        try {
          const wanted = username.trim();
          const users = await session.api.listUsers({ search: wanted, take: 100 });
          const user = users.results.find((u) => u.username.toLowerCase() === wanted.toLowerCase());
          if (!user) throw usageError(`no user '${wanted}'`);
          // Role ids are taken as they are (listing roles needs roleView); names are looked up.
          const byName = names.filter((name) => !UUID.test(name));
          const roles = byName.length ? (await session.api.listRoles({ take: 100 })).results : [];
          const roleIds = names.map((name) => {
            if (UUID.test(name)) return name;
            const role = roles.find((r) => r.name.toLowerCase() === name.toLowerCase());
            if (!role) throw usageError(`no role '${name}'`);
            return role.id;
          });
          let updated;
          try {
            updated = await session.api.updateUser({ id: user.id, roleIds });
          } catch (error) {
            if (!(error instanceof ApiError && error.field === 'currentPassword')) throw error;
            const currentPassword = await readOwnPassword(context, options.passwordStdin === true);
            updated = await session.api.updateUser({ id: user.id, roleIds, currentPassword });
          }
          if (options.json) printJson(context, updated);
          else context.stdout(`Roles of ${updated.username}: ${names.length ? names.join(', ') : '(none)'}\n`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}

/** The `users` group. */
export function usersCommand(context: CliContext = processContext()): Command {
  const command = new Command('users').description('Manage users').addCommand(usersSetRolesCommand(context))
    .addCommand(usersImportCommand(context))
    .addCommand(usersExportCommand(context))
    .addCommand(usersListCommand(context));
  return configureCommand(command, context);
}
