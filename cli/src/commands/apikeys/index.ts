/** `tessera apikeys`: API keys for the CLI and CI pipelines (issue 11). */
import { Command } from 'commander';
import { processContext, type CliContext } from '../../context';
import { configureCommand } from '../../utils/command';
import { apiKeysCreateCommand } from './create';
import { apiKeysListCommand } from './list';
import { apiKeysRevokeCommand } from './revoke';

/** The `apikeys` group. */
export function apiKeysCommand(context: CliContext = processContext()): Command {
  const command = new Command('apikeys')
    .description('Create, list and revoke API keys (use one as TESSERA_API_KEY)')
    .addCommand(apiKeysCreateCommand(context))
    .addCommand(apiKeysListCommand(context))
    .addCommand(apiKeysRevokeCommand(context));
  return configureCommand(command, context);
}
