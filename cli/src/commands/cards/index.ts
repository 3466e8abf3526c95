/** `tessera cards` (issue 15): smartcards the server drives through the local agent. */
import { Command } from 'commander';
import type { CliContext } from '../../context';
import { configureCommand } from '../../utils/command';
import { cardsIssueCommand } from './issue';
import { cardsListCommand } from './list';
import { cardsRevokeCommand } from './revoke';
import { cardsShowCommand } from './show';

/** The `cards` command group. */
export function cardsCommand(context: CliContext): Command {
  const command = new Command('cards')
    .description('Smartcards: list, show, issue through the local agent, revoke')
    .addCommand(cardsListCommand(context))
    .addCommand(cardsShowCommand(context))
    .addCommand(cardsIssueCommand(context))
    .addCommand(cardsRevokeCommand(context));
  return configureCommand(command, context);
}
