/** Output for people (aligned key/value tables) and for scripts (`--json`). */
import type { CliContext } from '../context';

/** Prints rows of label and value as two aligned columns. */
export function printTable(context: Pick<CliContext, 'stdout'>, rows: readonly (readonly [string, string])[]): void {
  const width = Math.max(0, ...rows.map(([label]) => label.length));
  context.stdout(rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n') + '\n');
}

/** Prints a value as JSON. */
export function printJson(context: Pick<CliContext, 'stdout'>, value: unknown): void {
  context.stdout(`${JSON.stringify(value, null, 2)}\n`);
}
