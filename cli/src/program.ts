/** The `tessera` program: composes the commands (CONVENTIONS "cli": index only composes). */
import { Command } from 'commander';
import packageJson from '../package.json';
import { loginCommand } from './commands/auth/login';
import { logoutCommand } from './commands/auth/logout';
import { whoamiCommand } from './commands/auth/whoami';
import { ticketsCommand } from './commands/tickets';
import { passesCommand } from './commands/passes/passes';
import { apiKeysCommand } from './commands/apikeys';
import { rateLimitsCommand } from './commands/rate-limits';
import { usersCommand } from './commands/users/setRoles';
import { caCommand } from './commands/pki/ca';
import { templatesCommand } from './commands/pki/templates';
import { scepCommand } from './commands/scep/challenge';
import { certsCommand } from './commands/pki/certs';
import { cardTemplatesCommand } from './commands/card-templates';
import { appletsCommand } from './commands/applets';
import { batchCommand } from './commands/batch';
import { stockCommand } from './commands/stock';
import { cardsCommand } from './commands/cards';
import { printersCommand } from './commands/printers';
import { readersCommand } from './commands/readers';
import { acmeCommand } from './commands/acme/enable';
import { processContext, type CliContext } from './context';
import { configureCommand } from './utils/command';

/** The program with every command. */
export function createProgram(context: CliContext = processContext()): Command {
  const program = new Command('tessera')
    .description('Tessera command line: sign in and script the console')
    .version(packageJson.version, '-V, --version')
    .addHelpText(
      'after',
      `
Credentials come from the profile written by \`tessera login\` ($TESSERA_CONFIG_DIR or ~/.config/tessera)
or from TESSERA_API_KEY. Exit codes: 0 ok, 1 failure, 2 wrong usage, 3 not signed in.

Examples:
  $ tessera login --username admin
  $ tessera whoami --json
  $ tessera logout
  $ tessera tickets close --older-than 30d --dry-run
  $ tessera passes list
  $ tessera apikeys create --name ci --permissions ticketView --expires 30d
  $ TESSERA_API_KEY=tsk_... tessera tickets list --server https://tessera.example
  $ tessera users set-roles alice --roles Helpdesk
  $ TESSERA_API_KEY=tsk_... tessera templates seed templates.yaml --dry-run
  $ tessera certs issue --csr web.csr --template tls-server > web.pem
  $ tessera card-templates seed card-templates.yaml
  $ tessera cards list --user alice`,
    )
    .addCommand(loginCommand(context))
    .addCommand(logoutCommand(context))
    .addCommand(whoamiCommand(context))
    .addCommand(ticketsCommand(context))
    .addCommand(passesCommand(context))
    .addCommand(apiKeysCommand(context))
    .addCommand(rateLimitsCommand(context))
    .addCommand(usersCommand(context))
    .addCommand(caCommand(context))
    .addCommand(templatesCommand(context))
    .addCommand(certsCommand(context))
    .addCommand(cardTemplatesCommand(context))
    .addCommand(cardsCommand(context))
    .addCommand(printersCommand(context))
    .addCommand(readersCommand(context))
    .addCommand(scepCommand(context))
    .addCommand(appletsCommand(context))
    .addCommand(acmeCommand(context))
    .addCommand(batchCommand(context))
    .addCommand(stockCommand(context));
  return configureCommand(program, context);
}
