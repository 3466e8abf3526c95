/** What every command shares: `--server`, `--json`, exit codes for usage errors, and the failure path. */
import { Command, CommanderError } from 'commander';
import type { CliContext } from '../context';
import { EXIT } from './errors';
import { handleError } from './handleError';

/** Commander's codes that mean "done", not "failed". */
const CLEAN_EXITS = new Set(['commander.helpDisplayed', 'commander.help', 'commander.version']);

/**
 * Makes commander's own failures (unknown option, missing argument) exit 2, and sends output through
 * the context. Applied to each command, since `addCommand` does not pass settings down.
 */
export function configureCommand(command: Command, context: CliContext): Command {
  return command
    .configureOutput({ writeOut: (text) => context.stdout(text), writeErr: (text) => context.stderr(text) })
    .exitOverride((error: CommanderError) => {
      context.exit(CLEAN_EXITS.has(error.code) ? EXIT.OK : EXIT.USAGE);
    });
}

/** Adds `--server` and `--json`. */
export function withCommonOptions(command: Command): Command {
  return command.option('--server <url>', 'server URL (default: the profile\'s, else http://127.0.0.1:8080)').option('--json', 'print JSON');
}

/** Runs a command's work; any failure goes through `handleError`. */
export function action<A extends unknown[]>(context: CliContext, work: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await work(...args);
    } catch (error) {
      handleError(error, context);
    }
  };
}
