/**
 * `tessera card-templates seed FILE` (issue 15): card templates from a YAML or JSON file in the shape
 * `cardTemplates: [{name, slots: [{slot, certificateTemplate, keyType}], pin: {minLength, maxLength, digitsOnly}}]`,
 * checked first by domain's validateCardTemplateSeed (the server applies the same rule, then resolves the
 * certificate templates), applied by name, the whole file or nothing; a second run changes nothing.
 */
import { Command } from 'commander';
import { isApiError } from '@tessera/api';
import { validateCardTemplateSeed, type CardTemplateInput } from '@tessera/domain';
import type { CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, NOT_SIGNED_IN_MESSAGE, usageError } from '../../utils/errors';
import { printJson } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { openSession } from '../../utils/session';
import { readConfigFile } from '../rate-limits';

/** The `seed` command. */
export function seedCommand(context: CliContext): Command {
  const schema = { server: option.url(), json: option.flag() };
  const command = withCommonOptions(new Command('seed'))
    .description('Create or replace card templates by name from a YAML or JSON file, whole or not at all')
    .argument('<file>', 'a file in the shape cardTemplates: [{name, slots: [{slot, certificateTemplate, keyType}], pin: {minLength, maxLength, digitsOnly}}]')
    .addHelpText(
      'after',
      `
Example file:
  cardTemplates:
    - name: staff
      slots: [{slot: 9A, certificateTemplate: piv-auth, keyType: P-256}]
      pin: {minLength: 6, maxLength: 8, digitsOnly: true}

Examples:
  $ tessera card-templates seed card-templates.yaml
  $ TESSERA_API_KEY=tsk_... tessera card-templates seed card-templates.json --json`,
    )
    .action(
      action(context, async (file: string, raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const content = readConfigFile(file);
        const check = validateCardTemplateSeed(content);
        if (!check.ok) throw usageError(`${file}: ${check.problem.field}: ${check.problem.message} Nothing was applied.`);
        const session = openSession(context, { server: options.server });
        if (session.credentials === 'none') throw new CliError('NOT_LOGGED_IN', NOT_SIGNED_IN_MESSAGE);
        try {
          const cardTemplates = (content as { cardTemplates: CardTemplateInput[] }).cardTemplates;
          const result = await session.api.seedCardTemplates({ cardTemplates }).catch((error: unknown) => {
            // The server's own refusals (a certificate template it does not know) name the field too.
            if (isApiError(error) && error.code === 'VALIDATION' && error.field) throw new CliError('FAILURE', `${file}: ${error.field}: ${error.message} Nothing was applied.`, { cause: error });
            throw error;
          });
          if (options.json) printJson(context, result);
          else {
            const part = (label: string, names: string[]) => `${label} ${names.length}${names.length ? ` (${names.join(', ')})` : ''}`;
            context.stdout(`Card templates: ${part('created', result.created)}, ${part('updated', result.updated)}, ${part('unchanged', result.unchanged)}\n`);
          }
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
