/** `tessera tickets`: the ticket commands. */
import { Command } from 'commander';
import { processContext, type CliContext } from '../../context';
import { configureCommand } from '../../utils/command';
import { ticketsCloseCommand } from './close';
import { ticketsListCommand } from './list';

/** The `tickets` group. */
export function ticketsCommand(context: CliContext = processContext()): Command {
  const command = new Command('tickets').description('List and close support tickets').addCommand(ticketsListCommand(context)).addCommand(ticketsCloseCommand(context));
  return configureCommand(command, context);
}
