/**
 * `tessera scep challenge --template NAME` (issue 17 "CLI"): creates a one-time SCEP challenge password for a
 * template and prints it (the CLI makes the one fetch of it, so the link is spent). Needs certScep (a signed-in
 * profile or TESSERA_API_KEY).
 */
import { Command } from 'commander';
import { SCEP_CHALLENGE_DEFAULT_MINUTES, SCEP_CHALLENGE_MAX_MINUTES } from '@tessera/domain';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, usageError } from '../../utils/errors';
import { printJson } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { pkiSession } from '../pki/session';

function challengeCommand(context: CliContext): Command {
  const schema = { server: option.url(), json: option.flag(), template: option.string({ required: true }), minutes: option.string() };
  const command = withCommonOptions(new Command('challenge'))
    .description('Create a one-time SCEP challenge password for a template and print it')
    .requiredOption('--template <name>', 'the certificate template the device enrols for')
    .option('--minutes <n>', `how long the password is valid (default ${SCEP_CHALLENGE_DEFAULT_MINUTES}, at most ${SCEP_CHALLENGE_MAX_MINUTES})`)
    .addHelpText('after', '\nExamples:\n  $ tessera scep challenge --template "Device TLS"\n  $ tessera scep challenge --template "Device TLS" --minutes 15 --json')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const minutes = options.minutes === undefined ? undefined : Number(options.minutes);
        if (minutes !== undefined && (!Number.isInteger(minutes) || minutes < 1 || minutes > SCEP_CHALLENGE_MAX_MINUTES)) throw usageError(`--minutes must be a whole number from 1 to ${SCEP_CHALLENGE_MAX_MINUTES}, got '${options.minutes}'`);
        const session = pkiSession(context, options.server);
        try {
          const { templates } = await session.api.listCertificateTemplates();
          const template = templates.find((t) => t.templateName === options.template);
          if (!template) throw new CliError('FAILURE', `--template: no certificate template named '${options.template}' (${templates.length ? `known: ${templates.map((t) => t.templateName).join(', ')}` : 'there are none'})`);
          const created = await session.api.createScepChallenge({ templateId: template.templateId, ...(minutes !== undefined ? { validityMinutes: minutes } : {}) });
          const fetched = await session.api.retrieveScepChallenge(created.id);
          if (options.json) printJson(context, { id: created.id, password: fetched.password, template: fetched.templateName, scepUrl: fetched.scepUrl, expiresAt: fetched.expiresAt });
          else context.stdout(`${fetched.password}\n`);
          if (!options.json) context.stderr(`One-time challenge for '${fetched.templateName}', valid until ${fetched.expiresAt}; SCEP URL ${fetched.scepUrl}\n`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}

/** `tessera scep`. */
export function scepCommand(context: CliContext = processContext()): Command {
  return new Command('scep').description('SCEP enrolment: one-time challenge passwords').addCommand(challengeCommand(context));
}
