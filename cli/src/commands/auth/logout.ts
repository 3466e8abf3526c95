/** `tessera logout`: ends the session on the server and removes its cookies from the profile. */
import { Command } from 'commander';
import { isApiError } from '@tessera/api';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { printJson } from '../../utils/output';
import { writeProfile } from '../../utils/profile';
import { option, parseOptions } from '../../utils/schema';
import { openSession } from '../../utils/session';

const schema = { server: option.url(), json: option.flag() };

/** The `logout` command. Idempotent: without a session it only says so. */
export function logoutCommand(context: CliContext = processContext()): Command {
  const command = withCommonOptions(new Command('logout'))
    .description('Sign out: end the session on the server and remove it from the profile')
    .addHelpText('after', '\nExamples:\n  $ tessera logout\n  $ tessera logout --json')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = openSession(context, { server: options.server });
        if (session.credentials !== 'profile') {
          if (options.json) printJson(context, { server: session.server, signedOut: true, wasSignedIn: false });
          else context.stdout(`Not signed in to ${session.server}.\n`);
          return;
        }
        let failure: unknown = null;
        try {
          await session.api.logout();
        } catch (error) {
          // Already ended on the server: the local clean-up below is all that is left to do.
          if (!(isApiError(error) && error.code === 'NOT_LOGGED_IN')) failure = error;
        }
        // The cookies go from the profile even when the server could not be told, so the local
        // session is gone either way; the failure is still reported.
        writeProfile(context.env, { ...session.profile!, cookies: {} });
        if (failure) throw failure;
        if (options.json) printJson(context, { server: session.server, signedOut: true, wasSignedIn: true });
        else context.stdout(`Signed out of ${session.server}.\n`);
      }),
    );
  return configureCommand(command, context);
}
