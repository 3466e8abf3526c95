/** `tessera apikeys revoke NAME`: revokes a key by name, at once (`DELETE /api2/IDM-v1/ApiKeys/{id}`). */
import { Command } from 'commander';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError } from '../../utils/errors';
import { printJson } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { openApiKeysSession } from './session';

const schema = { server: option.url(), json: option.flag() };

/** The `apikeys revoke` command. */
export function apiKeysRevokeCommand(context: CliContext = processContext()): Command {
  const command = withCommonOptions(new Command('revoke'))
    .description('Revoke an API key by name; it stops working at once')
    .argument('<name>', 'name of the key (case-insensitive)')
    .addHelpText('after', '\nExamples:\n  $ tessera apikeys revoke ci-deploy')
    .action(
      action(context, async (keyName: string, raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = openApiKeysSession(context, options.server);
        const key = (await session.api.listApiKeys()).find((k) => k.name.toLowerCase() === keyName.toLowerCase());
        if (!key) throw new CliError('FAILURE', `No API key named '${keyName}' in your tenant`);
        await session.api.revokeApiKey(key.id);
        session.saveCookies();
        if (options.json) printJson(context, { revoked: key.name, keyId: key.keyId });
        else context.stdout(`Revoked API key '${key.name}' (${key.keyId})\n`);
      }),
    );
  return configureCommand(command, context);
}
