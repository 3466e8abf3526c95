/** `tessera readers` (issue 15): the card readers of the local agent. */
import { Command } from 'commander';
import type { CliContext } from '../../context';
import { configureCommand } from '../../utils/command';
import { readersListCommand } from './list';

/** The `readers` command group. */
export function readersCommand(context: CliContext): Command {
  const command = new Command('readers').description('Card readers of the local agent: list').addCommand(readersListCommand(context));
  return configureCommand(command, context);
}
