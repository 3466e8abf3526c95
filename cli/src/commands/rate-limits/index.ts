/**
 * `tessera rate-limits apply FILE | export | status` (issue 14): the rate-limit config as a file in the
 * shape `layerRules: [{layer, stage, rules: [...]}]` (YAML or JSON), applied whole or not at all, checked
 * first by domain's validateRateLimitConfig (the server applies the same rule), and the live counters.
 */
import { Command } from 'commander';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { formatLimit, layerName, ruleIdentity, stageName, validateRateLimitConfig, type RateLimitConfig, type RateLimitRule } from '@tessera/domain';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, NOT_SIGNED_IN_MESSAGE, usageError } from '../../utils/errors';
import { readInputFile } from '../../utils/files';
import { printJson, printColumns } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { openSession, type CliSession } from '../../utils/session';

function signedIn(context: CliContext, server: string | undefined): CliSession {
  const session = openSession(context, { server });
  if (session.credentials === 'none') throw new CliError('NOT_LOGGED_IN', NOT_SIGNED_IN_MESSAGE);
  return session;
}

/** Reads a YAML or JSON config file (JSON is YAML). */
export function readConfigFile(file: string): unknown {
  const text = readInputFile(file);
  try {
    return parseYaml(text);
  } catch (error) {
    throw usageError(`${file} is neither YAML nor JSON: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}

const describeRule = (rule: RateLimitRule): string =>
  `${ruleIdentity(rule)}: rate ${formatLimit(rule.rate, 'rate')}/${rule.periodSeconds}s, burst ${formatLimit(rule.burst, 'burst')}, maxDataBytes ${formatLimit(rule.maxDataBytes, 'maxDataBytes')}`;

/** The differences between two configs, one line each (`+` added, `-` removed, `~` changed). */
export function configDiff(before: RateLimitConfig, after: RateLimitConfig): string[] {
  const index = (config: RateLimitConfig) => {
    const out = new Map<string, RateLimitRule>();
    for (const group of config.layerRules) for (const rule of group.rules) out.set(`layer ${group.layer} stage ${group.stage} | ${ruleIdentity(rule)}`, rule);
    return out;
  };
  const a = index(before);
  const b = index(after);
  const lines: string[] = [];
  for (const [key, rule] of b) {
    const old = a.get(key);
    const where = key.split(' | ')[0];
    if (!old) lines.push(`+ ${where}: ${describeRule(rule)}`);
    else if (JSON.stringify(old) !== JSON.stringify(rule)) lines.push(`~ ${where}: ${describeRule(old)}  ->  ${describeRule(rule)}`);
  }
  for (const [key, rule] of a) if (!b.has(key)) lines.push(`- ${key.split(' | ')[0]}: ${describeRule(rule)}`);
  return lines;
}

function applyCommand(context: CliContext): Command {
  const schema = { server: option.url(), json: option.flag(), dryRun: option.flag() };
  const command = withCommonOptions(new Command('apply'))
    .description('Replace the rate-limit config with a YAML or JSON file, whole or not at all')
    .argument('<file>', 'a file in the shape layerRules: [{layer, stage, rules: [...]}]')
    .option('--dry-run', 'print the differences; change nothing')
    .addHelpText('after', '\nExamples:\n  $ tessera rate-limits apply limits.yaml --dry-run\n  $ TESSERA_API_KEY=tsk_... tessera rate-limits apply limits.json')
    .action(
      action(context, async (file: string, raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const check = validateRateLimitConfig(readConfigFile(file));
        if (!check.ok) throw usageError(`${file}: ${check.problem.rule}.${check.problem.field}: ${check.problem.message}; nothing applied`);
        const session = signedIn(context, options.server);
        try {
          const current = await session.api.getRateLimitConfig();
          const diff = configDiff(current, check.config);
          if (options.dryRun) {
            if (options.json) printJson(context, { dryRun: true, changes: diff });
            else context.stdout(`${diff.join('\n')}${diff.length ? '\n' : ''}${diff.length} changes (dry run, nothing applied)\n`);
            return;
          }
          const applied = await session.api.putRateLimitConfig(check.config);
          if (options.json) printJson(context, applied);
          else context.stdout(`Applied ${applied.layerRules.reduce((n, g) => n + g.rules.length, 0)} rules (${diff.length} changes)\n`);
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
    .description('Print the rate-limit config as YAML (JSON with --json), ready for apply')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = signedIn(context, options.server);
        const config = await session.api.getRateLimitConfig();
        session.saveCookies();
        if (options.json) printJson(context, config);
        else context.stdout(stringifyYaml(config));
      }),
    );
  return configureCommand(command, context);
}

function statusCommand(context: CliContext): Command {
  const schema = { server: option.url(), json: option.flag() };
  const command = withCommonOptions(new Command('status'))
    .description('Requests allowed and refused per rule over the last 10 minutes')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = signedIn(context, options.server);
        const status = await session.api.getRateLimitStatus();
        session.saveCookies();
        if (options.json) {
          printJson(context, status);
          return;
        }
        const header = ['LAYER', 'STAGE', 'TENANT', 'USER', 'METHOD', 'ENDPOINT', 'LIMIT', 'ALLOWED', 'REFUSED'];
        const rows = status.rules.map((s) => [
          layerName(s.layer),
          stageName(s.stage),
          s.rule.tenantId,
          s.rule.userId,
          s.rule.method,
          s.rule.endpoint,
          `${formatLimit(s.rule.rate, 'rate')}/${s.rule.periodSeconds}s+${formatLimit(s.rule.burst, 'burst')}`,
          String(s.allowed),
          String(s.refused),
        ]);
        printColumns(context, header, rows);
      }),
    );
  return configureCommand(command, context);
}

/** The `rate-limits` group. */
export function rateLimitsCommand(context: CliContext = processContext()): Command {
  const command = new Command('rate-limits')
    .description('Apply, export and watch the rate-limit rules')
    .addCommand(applyCommand(context))
    .addCommand(exportCommand(context))
    .addCommand(statusCommand(context));
  return configureCommand(command, context);
}
