/** `tessera apikeys create`: a new API key; its secret is printed this once (`POST /api2/IDM-v1/ApiKeys`). */
import { Command } from 'commander';
import { apiKeyExpiryProblem, apiKeyNameProblem, parseApiKeyExpiry } from '@tessera/domain';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { usageError } from '../../utils/errors';
import { printJson, printTable } from '../../utils/output';
import { option, parseOptions, type OptionParser } from '../../utils/schema';
import { openApiKeysSession } from './session';

const name: OptionParser<string> = (value, flag) => {
  const text = option.string({ required: true })(value, flag);
  const problem = apiKeyNameProblem(text);
  if (problem) throw usageError(`${flag} ${problem}`);
  return text;
};

const permissions: OptionParser<string[]> = (value, flag) => {
  const list = option
    .string({ required: true })(value, flag)
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (list.length === 0) throw usageError(`${flag} must name at least one permission, e.g. ticketView,ticketEdit`);
  return [...new Set(list)];
};

const expires: OptionParser<number> = (value, flag) => {
  const text = option.string({ required: true })(value, flag);
  const days = parseApiKeyExpiry(text);
  if (days === null) throw usageError(`${flag} must be a lifetime such as 30d, 12w or 1y, got '${text}'`);
  const problem = apiKeyExpiryProblem(days);
  if (problem) throw usageError(`${flag} ${problem}, got '${text}'`);
  return days;
};

const schema = { server: option.url(), json: option.flag(), name, permissions, expires };

/** The `apikeys create` command. */
export function apiKeysCreateCommand(context: CliContext = processContext()): Command {
  const command = withCommonOptions(new Command('create'))
    .description('Create an API key (its secret is shown once)')
    .option('--name <name>', 'name of the key, unique in the tenant (1-64 characters)')
    .option('--permissions <list>', 'comma-separated permissions, each one you hold, e.g. ticketView,ticketEdit')
    .option('--expires <lifetime>', 'lifetime: 30d, 12w, 1y (at most 365 days)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ tessera apikeys create --name ci-deploy --permissions ticketView,ticketEdit --expires 30d\n  $ export TESSERA_API_KEY=$(tessera apikeys create --name nightly --permissions ticketView --expires 90d --json | jq -r .secret)',
    )
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = openApiKeysSession(context, options.server);
        const key = await session.api.createApiKey({ name: options.name, permissions: options.permissions, expiresInDays: options.expires });
        session.saveCookies();
        if (options.json) {
          printJson(context, key);
          return;
        }
        printTable(context, [
          ['Name', key.name],
          ['Key id', key.keyId],
          ['Permissions', key.permissions.join(', ')],
          ['Expires', key.expiresAt],
          ['Secret', key.secret],
        ]);
        context.stderr('Copy the secret now: it is not shown again. Use it as TESSERA_API_KEY or an Authorization: Bearer header.\n');
      }),
    );
  return configureCommand(command, context);
}
