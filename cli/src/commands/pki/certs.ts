/**
 * `tessera certs issue | revoke | get | list` (issue 12 "CLI"): issue a certificate from a CSR, revoke one with an
 * RFC 5280 reason, save one as PEM, DER or PKCS#7, and list certificates found on the server (SearchCertificates,
 * filtered by admin-console §4 certificate type and status). Works with TESSERA_API_KEY and no login.
 */
import fs from 'node:fs';
import { Command } from 'commander';
import {
  CERTIFICATE_FORMATS,
  CERTIFICATE_MAX_PAGE_SIZE,
  CERTIFICATE_STATUSES,
  CERTIFICATE_TYPES,
  REVOKE_REASONS,
  type CertificateFormat,
  type CertificateSearchFilters,
  type CertificateStatus,
  type CertificateType,
  type RevocationReason,
} from '@tessera/domain';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, usageError } from '../../utils/errors';
import { readInputFile } from '../../utils/files';
import { printColumns, printJson } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { caByName, certificateBySerial, pkiSession } from './session';

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
        const csr = readInputFile(options.csr);
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

function listCommand(context: CliContext): Command {
  const schema = { server: option.url(), json: option.flag(), type: option.string(), status: option.string(), subject: option.string(), ca: option.string(), expiresBefore: option.string(), page: option.string(), pageSize: option.string() };
  const command = withCommonOptions(new Command('list'))
    .description('List certificates, newest first, filtered on the server')
    .option('--type <type>', `the certificate type (its template's class): ${CERTIFICATE_TYPES.join('|')}`)
    .option('--status <list>', `comma-separated statuses: ${CERTIFICATE_STATUSES.join(', ')}`)
    .option('--subject <text>', 'a part of the subject DN (case-insensitive)')
    .option('--ca <name>', 'only certificates of this CA')
    .option('--expires-before <date>', 'only certificates valid to before this date (YYYY-MM-DD or an ISO time)')
    .option('--page <n>', 'the page (1-based, default 1)')
    .option('--page-size <n>', `certificates a page (1-${CERTIFICATE_MAX_PAGE_SIZE}, default 50)`)
    .addHelpText('after', '\nExamples:\n  $ tessera certs list --type DEVICE --status issued\n  $ tessera certs list --expires-before 2027-01-01 --json')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const filters: CertificateSearchFilters = {};
        if (options.type !== undefined) {
          const type = options.type.toUpperCase();
          if (!CERTIFICATE_TYPES.includes(type as CertificateType)) throw usageError(`--type must be one of ${CERTIFICATE_TYPES.join(', ')}, got '${options.type}'`);
          filters.certificateType = type as CertificateType;
        }
        if (options.status !== undefined) {
          const statuses = options.status.split(',').map((s) => s.trim());
          const wrong = statuses.find((s) => !CERTIFICATE_STATUSES.includes(s as CertificateStatus));
          if (wrong !== undefined) throw usageError(`--status must be a comma-separated list of ${CERTIFICATE_STATUSES.join(', ')}, got '${wrong}'`);
          filters.status = statuses as CertificateStatus[];
        }
        if (options.subject !== undefined) filters.subject = options.subject;
        if (options.expiresBefore !== undefined) {
          const at = new Date(options.expiresBefore);
          if (Number.isNaN(at.getTime())) throw usageError(`--expires-before must be a date (YYYY-MM-DD) or an ISO time, got '${options.expiresBefore}'`);
          filters.expiresBefore = at.toISOString();
        }
        const page = positive(options.page, '--page', 1_000_000) ?? 1;
        const pageSize = positive(options.pageSize, '--page-size', CERTIFICATE_MAX_PAGE_SIZE) ?? 50;
        const session = pkiSession(context, options.server);
        try {
          if (options.ca !== undefined) filters.caId = (await caByName(session, options.ca, '--ca')).id;
          const found = await session.api.searchCertificates({ page, pageSize, sortField: 'createdAt', sortDirection: 'desc', filters });
          if (options.json) return printJson(context, found);
          if (found.results.length === 0) {
            context.stdout('No certificate matches.\n');
            return;
          }
          printColumns(
            context,
            ['SERIAL', 'SUBJECT', 'STATUS', 'TYPE', 'TEMPLATE', 'CA', 'VALID TO'],
            found.results.map((c) => [c.serialNumber, c.subject, c.status, c.class ?? '-', c.template ?? '-', c.caName, c.validTo.slice(0, 10)]),
          );
          const first = (found.page - 1) * found.pageSize + 1;
          const total = found.totalCapped ? `more than ${found.totalResults}` : String(found.totalResults);
          context.stdout(`${first}-${first + found.results.length - 1} of ${total}\n`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}

/** A positive whole number option, at most `max`. */
function positive(value: string | undefined, flag: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw usageError(`${flag} must be a whole number from 1 to ${max}, got '${value}'`);
  return n;
}

/** The `certs` group. */
export function certsCommand(context: CliContext = processContext()): Command {
  const command = new Command('certs').description('Issue, revoke and fetch certificates').addCommand(issueCommand(context)).addCommand(revokeCommand(context)).addCommand(getCommand(context)).addCommand(listCommand(context));
  return configureCommand(command, context);
}
