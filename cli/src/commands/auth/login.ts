/** `tessera login`: signs in with username and password and saves the session in the profile. */
import { Command } from 'commander';
import { MESSAGES, trimUsername, validateUsername } from '@tessera/domain';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, usageError } from '../../utils/errors';
import { printJson } from '../../utils/output';
import { profilePath, writeProfile } from '../../utils/profile';
import { option, parseOptions } from '../../utils/schema';
import { openSession } from '../../utils/session';

const schema = {
  server: option.url(),
  json: option.flag(),
  username: option.string({ required: true }),
  passwordStdin: option.flag(),
  totpCode: option.string(),
};

/** The password: all of stdin minus one trailing line break, or a prompt on a terminal. */
async function readPassword(context: CliContext, fromStdin: boolean): Promise<string> {
  if (fromStdin) {
    const password = (await context.readStdin()).replace(/\r?\n$/, '');
    if (password === '') throw usageError('no password on standard input');
    return password;
  }
  if (!context.isInteractive()) throw usageError('no terminal to ask for the password; use --password-stdin');
  return context.promptPassword('Password:');
}

/** The `login` command. */
export function loginCommand(context: CliContext = processContext()): Command {
  const command = withCommonOptions(new Command('login'))
    .description('Sign in and save the session in the profile (~/.config/tessera/profile.json, mode 0600)')
    .option('-u, --username <name>', 'user name')
    .option('--password-stdin', 'read the password from standard input')
    .option('--totp-code <code>', 'code of the authenticator app (or a recovery code) when the account uses two-factor authentication')
    .addHelpText(
      'after',
      `
Examples:
  $ tessera login --username admin
  $ tessera login --username alice --totp-code 123456
  $ printf '%s' "$PASSWORD" | tessera login --server http://127.0.0.1:8080 --username admin --password-stdin`,
    )
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        // Login username is trimmed (signin §5) and checked by the rules of admin-console §5.
        const username = trimUsername(options.username);
        const invalid = validateUsername(username);
        if (invalid) throw usageError(invalid);
        const password = await readPassword(context, options.passwordStdin);
        const session = openSession(context, { server: options.server, fresh: true });
        let response = await session.api.login({ username, password });
        if (response.furtherAuthenticationRequired.length > 0) {
          // signin §4: TOTP is the one further authentication the CLI completes; enrolment needs the console (QR code).
          const known = response.furtherAuthenticationRequired.every((type) => type === 'TOTP');
          if (!known || response.enrolment) {
            await session.api.logout().catch(() => undefined);
            throw new CliError('FAILURE', known ? 'this account must first set up two-factor authentication in the console' : MESSAGES.UNKNOWN_FURTHER_AUTHENTICATION);
          }
          let code = options.totpCode;
          if (code === undefined) {
            if (!context.isInteractive()) throw usageError('this account needs a TOTP code; use --totp-code');
            code = await context.promptPassword('TOTP code:');
          }
          response = await session.api.totpAuth(code.trim());
        }
        writeProfile(context.env, { server: session.server, username, cookies: session.cookies() });
        if (options.json) {
          printJson(context, { server: session.server, username, profile: profilePath(context.env), session: response.session });
        } else {
          context.stdout(`Signed in to ${session.server} as ${username}.\n`);
        }
      }),
    );
  return configureCommand(command, context);
}
