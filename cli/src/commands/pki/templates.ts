/**
 * `tessera templates seed FILE | export` (issue 12 "CLI"): certificate templates as a file
 * (`templates: [{templateName, class, caName, ...}]`, YAML or JSON). The whole file is checked with domain's
 * validateSeedFile here and again on the server, which applies it in one transaction or not at all.
 */
import { Command } from 'commander';
import { stringify as stringifyYaml } from 'yaml';
import { seedEntryOf, validateSeedFile, type SeedTemplateChange, type SeedTemplateEntry } from '@tessera/domain';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { usageError } from '../../utils/errors';
import { printJson } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { readConfigFile } from '../rate-limits';
import { pkiSession } from './session';

const show = (value: unknown) => JSON.stringify(value);

/** One line per change (`+` create, `~` update with each field, `-` delete); unchanged templates are counted only. */
export function describeSeedChanges(changes: SeedTemplateChange[]): string[] {
  return changes.flatMap((c) => {
    if (c.action === 'create') return [`+ ${c.templateName}`];
    if (c.action === 'delete') return [`- ${c.templateName}`];
    if (c.action === 'update') return [`~ ${c.templateName}: ${c.fields.map((f) => `${f.field} ${show(f.from)} -> ${show(f.to)}`).join('; ')}`];
    return [];
  });
}

function seedCommand(context: CliContext): Command {
  const schema = { server: option.url(), json: option.flag(), dryRun: option.flag(), prune: option.flag() };
  const command = withCommonOptions(new Command('seed'))
    .description('Create or update certificate templates by name from a YAML or JSON file, all or nothing')
    .argument('<file>', 'a file holding templates: [{templateName, class, caName, keyTypes, validityPeriod, ...}]')
    .option('--dry-run', 'print the changes; apply nothing')
    .option('--prune', 'also delete the templates the file does not name')
    .addHelpText('after', '\nExamples:\n  $ tessera templates seed templates.yaml --dry-run\n  $ TESSERA_API_KEY=tsk_... tessera templates seed templates.yaml --prune')
    .action(
      action(context, async (file: string, raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const parsed = readConfigFile(file);
        const session = pkiSession(context, options.server);
        try {
          const { cas } = await session.api.listCertificateAuthorities();
          const check = validateSeedFile(parsed, new Map(cas.map((c) => [c.friendlyName, c.id])));
          if (!check.ok) throw usageError(`${file}: ${check.problem.message}; nothing applied`);
          const templates = (parsed as { templates: SeedTemplateEntry[] }).templates;
          const result = await session.api.seedCertificateTemplates({ templates, dryRun: options.dryRun, prune: options.prune });
          if (options.json) {
            printJson(context, result);
            return;
          }
          const lines = describeSeedChanges(result.changes);
          const count = (a: SeedTemplateChange['action']) => result.changes.filter((c) => c.action === a).length;
          const summary = `${count('create')} created, ${count('update')} updated, ${count('delete')} deleted, ${count('unchanged')} unchanged`;
          context.stdout(`${lines.join('\n')}${lines.length ? '\n' : ''}${summary}${result.applied ? '' : ' (dry run, nothing applied)'}\n`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}

function exportCommand(context: CliContext): Command {
  const schema = { server: option.url(), json: option.flag() };
  const command = withCommonOptions(new Command('export'))
    .description('Print the certificate templates as a seed file (YAML; JSON with --json)')
    .addHelpText('after', '\nExamples:\n  $ tessera templates export > templates.yaml')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = pkiSession(context, options.server);
        const { templates } = await session.api.listCertificateTemplates();
        session.saveCookies();
        const file = { templates: templates.map((t) => seedEntryOf(t)) };
        if (options.json) printJson(context, file);
        else context.stdout(stringifyYaml(file));
      }),
    );
  return configureCommand(command, context);
}

/** The `templates` group. */
export function templatesCommand(context: CliContext = processContext()): Command {
  const command = new Command('templates').description('Seed and export certificate templates').addCommand(seedCommand(context)).addCommand(exportCommand(context));
  return configureCommand(command, context);
}
