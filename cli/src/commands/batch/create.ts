/**
 * `tessera batch create --users FILE.csv --template NAME`: adds a batch (AddBatch) of the users in a CSV file
 * (header `user,userDn`; `user` is a username or a user id), each with the card template NAME. Answers the batch id.
 */
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { parse } from 'csv-parse/sync';
import { BATCH_LIMITS, BATCH_USERS_CSV_COLUMNS, type BatchUserInput } from '@tessera/domain';
import type { CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, usageError } from '../../utils/errors';
import { printJson } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { signedIn, userIdOf } from '../cards/shared';

const schema = { server: option.url(), json: option.flag(), users: option.string({ required: true }), template: option.string({ required: true }) };

/** The CSV file's rows. @throws CliError USAGE naming the file and line */
function readUsers(file: string): { user: string; userDn: string }[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw usageError(`${file}: no such file`);
  }
  let rows: Record<string, string>[];
  try {
    rows = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true });
  } catch (error) {
    throw usageError(`${file}: ${(error as Error).message}`);
  }
  if (rows.length === 0) throw usageError(`${file}: names no user`);
  if (rows.length > BATCH_LIMITS.usersMax) throw usageError(`${file}: names more than ${BATCH_LIMITS.usersMax} users`);
  for (const column of BATCH_USERS_CSV_COLUMNS) if (!(column in rows[0]!)) throw usageError(`${file}: the header has no '${column}' column (expected: ${BATCH_USERS_CSV_COLUMNS.join(',')})`);
  return rows.map((r, i) => {
    if (!r.user) throw usageError(`${file}: line ${i + 2}: user is empty`);
    return { user: r.user, userDn: r.userDn ?? '' };
  });
}

/** The `batch create` command. */
export function batchCreateCommand(context: CliContext): Command {
  const command = withCommonOptions(new Command('create'))
    .description('Add a batch of users (a CSV file) to issue and print cards for with a card template')
    .option('--users <file>', `a CSV file with the header ${BATCH_USERS_CSV_COLUMNS.join(',')} (user: username or id)`)
    .option('--template <template>', 'the card template name')
    .addHelpText('after', '\nExamples:\n  $ tessera batch create --users staff.csv --template staff\n  $ tessera batch create --users staff.csv --template staff --json')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const rows = readUsers(options.users);
        const session = signedIn(context, options.server);
        try {
          const template = (await session.api.listCardTemplates()).cardTemplates.find((t) => t.name === options.template);
          if (!template) throw new CliError('FAILURE', `No card template named '${options.template}' in your tenant`);
          const users: BatchUserInput[] = [];
          for (const row of rows) users.push({ cardTemplateId: template.cardTemplateId, userId: await userIdOf(session, row.user), userDn: row.userDn });
          const { batchId } = await session.api.addBatch(users);
          if (options.json) printJson(context, { batchId, users: users.length });
          else context.stdout(`Batch ${batchId}: ${users.length} users\n`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
