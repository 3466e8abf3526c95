/** `tessera printers` (issue 16): the card printers of the local agent. */
import { Command } from 'commander';
import type { CliContext } from '../../context';
import { configureCommand } from '../../utils/command';
import { printersListCommand } from './list';

/** The `printers` command group. */
export function printersCommand(context: CliContext): Command {
  const command = new Command('printers').description('Card printers of the local agent').addCommand(printersListCommand(context));
  return configureCommand(command, context);
}
