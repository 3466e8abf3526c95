/** `tessera passes issue|return|list`: temporary passes (admin-console §7 passes table). */
import { Command } from 'commander';
import { PASS_TYPE_LABELS, formatPassTime, normalisePassNumber, type TemporaryPass } from '@tessera/domain';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, NOT_SIGNED_IN_MESSAGE, usageError } from '../../utils/errors';
import { printJson } from '../../utils/output';
import { option, parseOptions, type OptionParser } from '../../utils/schema';
import { openSession, type CliSession } from '../../utils/session';

/** `--number 42` → '00042' (digits only, padded to 5; admin-console §5). */
const passNumberOption = (): OptionParser<string> => (value, flag) => {
  const padded = value === undefined ? null : normalisePassNumber(String(value));
  if (padded === null) throw usageError(`${flag} must be 1 to 5 digits; got '${value === undefined ? '' : String(value)}'`);
  return padded;
};

/** `--date 2026-11-23` (default today, UTC calendar). */
const dayOption =
  (now: () => number): OptionParser<string> =>
  (value, flag) => {
    if (value === undefined) return new Date(now()).toISOString().slice(0, 10);
    const text = String(value);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) throw usageError(`${flag} must be a date YYYY-MM-DD; got '${text}'`);
    return text;
  };

function signedIn(context: CliContext, server: string | undefined): CliSession {
  const session = openSession(context, { server });
  if (session.credentials === 'none') throw new CliError('NOT_LOGGED_IN', NOT_SIGNED_IN_MESSAGE);
  return session;
}

/** One pass as the console shows it: "User" or "Guest", the expiry in the tenant's time zone. */
function passLine(p: TemporaryPass, timeZone: string): string {
  const holder = p.cardType === 'guest' ? [p.givenName, p.lastName].filter(Boolean).join(' ') : (p.username ?? '');
  const expires = p.expirationDate ? `expires ${formatPassTime(p.expirationDate, timeZone)}` : '';
  return [p.passNumber, p.status.padEnd(9), PASS_TYPE_LABELS[p.cardType].padEnd(5), holder || '-', expires].filter(Boolean).join('  ');
}

/** `passes list`. */
function listCommand(context: CliContext): Command {
  const schema = { server: option.url(), json: option.flag() };
  return configureCommand(
    withCommonOptions(new Command('list'))
      .description('List issued, available and unavailable passes')
      .addHelpText('after', '\nExamples:\n  $ tessera passes list\n  $ tessera passes list --json | jq .issued')
      .action(
        action(context, async (raw: Record<string, unknown>) => {
          const options = parseOptions(schema, raw);
          const session = signedIn(context, options.server);
          const lists = await session.api.listTemporaryPasses();
          session.saveCookies();
          if (options.json) {
            printJson(context, lists);
            return;
          }
          context.stdout(`Times in ${lists.timeZone} (the tenant's time zone)\n`);
          for (const [name, passes] of [
            ['Issued', lists.issued],
            ['Available', lists.available],
            ['Returned, misplaced or inactive', lists.unavailable],
          ] as const) {
            context.stdout(`${name} (${passes.length})\n${passes.map((p) => `  ${passLine(p, lists.timeZone)}\n`).join('')}`);
          }
        }),
      ),
    context,
  );
}

/** `passes issue`. */
function issueCommand(context: CliContext, now: () => number): Command {
  const schema = {
    server: option.url(),
    json: option.flag(),
    number: passNumberOption(),
    user: option.string(),
    guest: option.flag(),
    givenName: option.string(),
    lastName: option.string(),
    date: dayOption(now),
  };
  return configureCommand(
    withCommonOptions(new Command('issue'))
      .description('Issue a pass to a user or a guest for one day (valid from 00:00 to 23:59:59 in the tenant time zone)')
      .requiredOption('--number <n>', 'pass number (padded to 5 digits)')
      .option('--user <username>', 'issue to this user')
      .option('--guest', 'issue to a guest (needs --given-name and --last-name)')
      .option('--given-name <name>', "guest's given name")
      .option('--last-name <name>', "guest's last name")
      .option('--date <YYYY-MM-DD>', 'the day the pass is valid (default today)')
      .addHelpText('after', '\nExamples:\n  $ tessera passes issue --number 42 --user alice\n  $ tessera passes issue --number 7 --guest --given-name Gina --last-name Guest --date 2026-12-01')
      .action(
        action(context, async (raw: Record<string, unknown>) => {
          const options = parseOptions(schema, raw);
          if (options.guest === (options.user !== undefined)) throw usageError('give either --user or --guest');
          if (options.guest && (!options.givenName || !options.lastName)) throw usageError('--guest needs --given-name and --last-name');
          const session = signedIn(context, options.server);
          let pass: TemporaryPass;
          if (options.guest) {
            pass = await session.api.assignGuestPass({
              givenName: options.givenName as string,
              lastName: options.lastName as string,
              passNumber: options.number,
              validDate: options.date,
              expirationDate: options.date,
            });
          } else {
            const accounts = await session.api.temporaryPassAccounts();
            const account = accounts.find((a) => a.username.toLowerCase() === (options.user as string).toLowerCase());
            if (!account) throw new CliError('FAILURE', `no user '${options.user as string}' in this tenant`);
            pass = await session.api.assignPositivePass({ passNumber: options.number, userID: account.userID, validDate: options.date, expirationDate: options.date });
          }
          session.saveCookies();
          if (options.json) printJson(context, pass);
          else context.stdout(`Temporary ${pass.cardType === 'guest' ? 'guest ' : ''}pass ${pass.passNumber} issued, valid ${pass.validDate} to ${pass.expirationDate}\n`);
        }),
      ),
    context,
  );
}

/** `passes return`. */
function returnCommand(context: CliContext): Command {
  const schema = { server: option.url(), json: option.flag(), number: passNumberOption() };
  return configureCommand(
    withCommonOptions(new Command('return'))
      .description('Mark an issued pass returned (unusable until reactivated)')
      .requiredOption('--number <n>', 'pass number')
      .addHelpText('after', '\nExamples:\n  $ tessera passes return --number 42')
      .action(
        action(context, async (raw: Record<string, unknown>) => {
          const options = parseOptions(schema, raw);
          const session = signedIn(context, options.server);
          const pass = await session.api.returnTemporaryPass(options.number);
          session.saveCookies();
          if (options.json) printJson(context, pass);
          else context.stdout(`Pass ${pass.passNumber} returned\n`);
        }),
      ),
    context,
  );
}

/** The `passes` group. */
export function passesCommand(context: CliContext = processContext(), now: () => number = Date.now): Command {
  const command = new Command('passes')
    .description('Issue, return and list temporary passes')
    .addCommand(issueCommand(context, now))
    .addCommand(returnCommand(context))
    .addCommand(listCommand(context));
  return configureCommand(command, context);
}
