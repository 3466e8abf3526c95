/**
 * `tessera certs issue | revoke | get` (issue 12 "CLI"): issue a certificate from a CSR, revoke one with an RFC
 * 5280 reason, and save one as PEM, DER or PKCS#7. Works with TESSERA_API_KEY and no login.
 */
import fs from 'node:fs';
import { Command } from 'commander';
import { CERTIFICATE_FORMATS, REVOKE_REASONS, type CertificateFormat, type RevocationReason } from '@tessera/domain';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, usageError } from '../../utils/errors';
import { printJson } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { certificateBySerial, pkiSession } from './session';

const USER_CLASSES: readonly string[] = ['USER', 'AUTOENROLLUSER'];

function issueCommand(context: CliContext): Command {
  const schema = { server: option.url(), json: option.flag(), csr: option.string({ required: true }), template: option.string({ required: true }) };
  const command = withCommonOptions(new Command('issue'))
    .description('Issue a certificate from a CSR with a template and print it as PEM')
    .requiredOption('--csr <file>', 'the PEM certificate signing request')
    .requiredOption('--template <name>', 'the certificate template name')
    .addHelpText('after', '\nExamples:\n  $ tessera certs issue --csr web.csr --template tls-server > web.pem')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        let csr: string;
        try {
          csr = fs.readFileSync(options.csr, 'utf8');
        } catch (error) {
          throw usageError(`cannot read ${options.csr}: ${error instanceof Error ? error.message : String(error)}`);
        }
        const session = pkiSession(context, options.server);
        try {
          const { templates } = await session.api.listCertificateTemplates();
          const template = templates.find((t) => t.templateName === options.template);
          if (!template) throw new CliError('FAILURE', `--template: no certificate template named '${options.template}'`);
          const request = { templateId: template.templateId, csr };
          const result = USER_CLASSES.includes(template.class) ? await session.api.submitUserCsr(request) : await session.api.submitDeviceCsr(request);
          if (options.json) {
            printJson(context, result);
            if (result.status === 'failed') context.exit(1);
            return;
          }
          if (result.status === 'complete' && result.certificate) context.stdout(result.certificate.endsWith('\n') ? result.certificate : `${result.certificate}\n`);
          else if (result.status === 'pending') context.stderr(`The request awaits approval (request ${result.requestId}); nothing issued yet.\n`);
          else throw new CliError('FAILURE', `not issued: ${result.failureCode ?? result.status}${result.message ? ` (${result.message})` : ''}`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}

function revokeCommand(context: CliContext): Command {
  const schema = { server: option.url(), json: option.flag(), reason: option.string({ required: true }), ca: option.string(), comment: option.string() };
  const command = withCommonOptions(new Command('revoke'))
    .description('Revoke a certificate with an RFC 5280 reason')
    .argument('<serial>', 'the serial number (hex, colons allowed)')
    .requiredOption('--reason <reason>', `one of ${REVOKE_REASONS.join(', ')}`)
    .option('--ca <name>', 'the issuing CA, when two CAs issued the same serial')
    .option('--comment <text>', 'a comment kept with the revocation')
    .addHelpText('after', '\nExamples:\n  $ tessera certs revoke 3f:a2:11 --reason keyCompromise')
    .action(
      action(context, async (serial: string, raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        if (!REVOKE_REASONS.includes(options.reason as RevocationReason)) throw usageError(`--reason must be one of ${REVOKE_REASONS.join(', ')}, got '${options.reason}'`);
        const session = pkiSession(context, options.server);
        try {
          const cert = await certificateBySerial(session, serial, options.ca);
          const result = await session.api.revokeCertificate({ caId: cert.caId, serialNumber: cert.serialNumber, reason: options.reason as RevocationReason, ...(options.comment ? { comment: options.comment } : {}) });
          if (options.json) printJson(context, result);
          else if (result.status === 'ok') context.stdout(`Revoked ${cert.serialNumber} (${cert.subject}) for ${options.reason}; the CRL and OCSP answer revoked.\n`);
          else if (result.status === 'pending') context.stdout(`The revocation of ${cert.serialNumber} awaits approval.\n`);
          else throw new CliError('FAILURE', `not revoked: ${result.failureCode ?? 'failed'}`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}

function getCommand(context: CliContext): Command {
  const schema = { server: option.url(), json: option.flag(), out: option.string({ required: true }), format: option.string(), ca: option.string() };
  const command = withCommonOptions(new Command('get'))
    .description('Save a certificate to a file (PEM, DER, or PKCS#7 with its chain)')
    .argument('<serial>', 'the serial number (hex, colons allowed)')
    .requiredOption('--out <file>', 'where to write it')
    .option('--format <format>', `${CERTIFICATE_FORMATS.join('|')} (default pem)`)
    .option('--ca <name>', 'the issuing CA, when two CAs issued the same serial')
    .addHelpText('after', '\nExamples:\n  $ tessera certs get 3fa211 --out web.pem\n  $ tessera certs get 3fa211 --format p7b --out web.p7b')
    .action(
      action(context, async (serial: string, raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const format = (options.format ?? 'pem') as CertificateFormat;
        if (!CERTIFICATE_FORMATS.includes(format)) throw usageError(`--format must be one of ${CERTIFICATE_FORMATS.join(', ')}, got '${format}'`);
        const session = pkiSession(context, options.server);
        try {
          const cert = await certificateBySerial(session, serial, options.ca);
          const file = await session.api.downloadCertificate(cert.certId, format);
          const bytes = Buffer.from(file.data, 'base64');
          fs.writeFileSync(options.out, bytes);
          if (options.json) printJson(context, { certId: cert.certId, out: options.out, format, bytes: bytes.length, status: cert.status });
          else context.stdout(`Wrote ${cert.subject} (${cert.status}) to ${options.out} as ${format}, ${bytes.length} bytes\n`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}

/** The `certs` group. */
export function certsCommand(context: CliContext = processContext()): Command {
  const command = new Command('certs').description('Issue, revoke and fetch certificates').addCommand(issueCommand(context)).addCommand(revokeCommand(context)).addCommand(getCommand(context));
  return configureCommand(command, context);
}
