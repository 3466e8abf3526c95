/** `tessera cards` (issue 15): smartcards the server drives through the local agent. */
import { Command } from 'commander';
import type { CliContext } from '../../context';
import { configureCommand } from '../../utils/command';
import { cardsCleanCommand } from './clean';
import { cardsIssueCommand } from './issue';
import { cardsListCommand } from './list';
import { cardsRevokeCommand } from './revoke';
import { cardsShowCommand } from './show';
import { cardsUnblockCommand } from './unblock';

/** The `cards` command group. */
export function cardsCommand(context: CliContext): Command {
  const command = new Command('cards')
    .description('Smartcards: list, show, issue through the local agent, revoke, clean, unblock')
    .addCommand(cardsListCommand(context))
    .addCommand(cardsShowCommand(context))
    .addCommand(cardsIssueCommand(context))
    .addCommand(cardsRevokeCommand(context))
    .addCommand(cardsCleanCommand(context))
    .addCommand(cardsUnblockCommand(context));
  return configureCommand(command, context);
}
