/** `tessera applets` (issue 16): the smartcard applet catalogue and the applet upload. */
import { Command } from 'commander';
import type { CliContext } from '../../context';
import { configureCommand } from '../../utils/command';
import { appletsAddCommand } from './add';
import { appletsListCommand } from './list';
import { appletsUploadCommand } from './upload';

/** The `applets` command group. */
export function appletsCommand(context: CliContext): Command {
  const command = new Command('applets')
    .description('Smartcard applets: the JavaCard CAP catalogue, and loading an applet onto cards over GlobalPlatform SCP03')
    .addCommand(appletsAddCommand(context))
    .addCommand(appletsListCommand(context))
    .addCommand(appletsUploadCommand(context));
  return configureCommand(command, context);
}
