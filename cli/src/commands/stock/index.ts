/** `tessera stock` (issue 15 "Beyond the spec: card stock"): cards kept as stock. */
import { Command } from 'commander';
import { processContext, type CliContext } from '../../context';
import { configureCommand } from '../../utils/command';
import { stockListCommand } from './list';
import { stockReceiveCommand } from './receive';

/** The `stock` command group. */
export function stockCommand(context: CliContext = processContext()): Command {
  const command = new Command('stock').description('Card stock: receive serials from a CSV file, list the stock').addCommand(stockReceiveCommand(context)).addCommand(stockListCommand(context));
  return configureCommand(command, context);
}
