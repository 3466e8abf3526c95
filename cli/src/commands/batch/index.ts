/** `tessera batch` (issue 16): card batches, created from a CSV file and issued and printed through a card printer. */
import { Command } from 'commander';
import type { CliContext } from '../../context';
import { configureCommand } from '../../utils/command';
import { batchCreateCommand } from './create';
import { batchPrintCommand } from './print';

/** The `batch` command group. */
export function batchCommand(context: CliContext): Command {
  const command = new Command('batch')
    .description('Card batches: add users from a CSV file, then issue and print their cards through a card printer')
    .addCommand(batchCreateCommand(context))
    .addCommand(batchPrintCommand(context));
  return configureCommand(command, context);
}
