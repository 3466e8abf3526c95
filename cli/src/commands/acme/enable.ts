/**
 * `tessera acme enable --template NAME --allowed-domain D...` (issue 17 "CLI"): adds the allowed domains the
 * tenant does not list yet (admin-console §2.2 `/admin/alloweddomains`), turns ACME on for the template
 * (`/config/acme`) and prints the template's ACME directory URL, the one to give certbot or lego as `--server`.
 */
import { Command } from 'commander';
import { RESULTS_PER_PAGE, normaliseAllowedDomain, type AcmeConfiguration } from '@tessera/domain';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, usageError } from '../../utils/errors';
import { printJson } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { pkiSession } from '../pki/session';

/** `acme enable`. */
export function enableCommand(context: CliContext = processContext()): Command {
  const schema = { server: option.url(), json: option.flag(), template: option.string({ required: true }), eabRequired: option.flag() };
  const command = withCommonOptions(new Command('enable'))
    .description("Serve a certificate template over ACME (RFC 8555) and print its directory URL")
    .requiredOption('--template <name>', 'the certificate template, by name')
    .option('--allowed-domain <domain...>', 'domains the tenant may have certificates for (example.com, *.example.com); added when missing', [])
    .option('--eab-required', 'accounts need an external account binding key (created in /config/acme)')
    .addHelpText('after', "\nExamples:\n  $ tessera acme enable --template tls-server --allowed-domain '*.example.com'\n  $ certbot certonly --standalone -d www.example.com --server \"$(tessera acme enable --template tls-server)\"")
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const domains = (raw.allowedDomain as string[]).map((d) => {
          const checked = normaliseAllowedDomain(d);
          if (!checked.ok) throw usageError(`--allowed-domain ${checked.message}`);
          return checked.domain;
        });
        const session = pkiSession(context, options.server);
        try {
          const configurations = await session.api.listAcmeConfigurations();
          const template = configurations.find((c) => c.templateName === options.template);
          if (!template) throw new CliError('FAILURE', `--template: no certificate template named '${options.template}' (${configurations.length ? `known: ${configurations.map((c) => c.templateName).join(', ')}` : 'there are none'})`);
          const listed = new Set<string>();
          for (let page = 1; ; page++) {
            const { results, totalResults } = await session.api.listAllowedDomains({ page });
            for (const r of results) listed.add(r.domain);
            if (results.length === 0 || page * RESULTS_PER_PAGE >= totalResults) break;
          }
          const added = domains.filter((d) => !listed.has(d));
          for (const d of added) await session.api.addAllowedDomain(d);
          const result: AcmeConfiguration = await session.api.setAcmeConfiguration({ templateId: template.templateId, enabled: true, eabRequired: options.eabRequired });
          if (options.json) printJson(context, { ...result, allowedDomainsAdded: added });
          else context.stdout(`${result.directoryUrl}\n`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}

/** The `acme` group. */
export function acmeCommand(context: CliContext = processContext()): Command {
  return configureCommand(new Command('acme').description('ACME (RFC 8555): serve certificate templates to certbot, lego and other clients').addCommand(enableCommand(context)), context);
}
