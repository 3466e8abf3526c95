/** `tessera card-templates` (issue 15): card templates of the tenant. */
import { Command } from 'commander';
import type { CliContext } from '../../context';
import { configureCommand } from '../../utils/command';
import { seedCommand } from './seed';

/** The `card-templates` command group. */
export function cardTemplatesCommand(context: CliContext): Command {
  const command = new Command('card-templates').description('Card templates: certificate template and key type per PIV slot, PIN rules').addCommand(seedCommand(context));
  return configureCommand(command, context);
}
