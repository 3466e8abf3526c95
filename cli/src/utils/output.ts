/** Output for people (aligned key/value tables) and for scripts (`--json`). */
import type { CliContext } from '../context';

/** Prints rows of label and value as two aligned columns. */
export function printTable(context: Pick<CliContext, 'stdout'>, rows: readonly (readonly [string, string])[]): void {
  const width = Math.max(0, ...rows.map(([label]) => label.length));
  context.stdout(rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n') + '\n');
}

/** Prints a header and rows as aligned columns, two spaces apart (the last column unpadded). */
export function printColumns(context: Pick<CliContext, 'stdout'>, header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
  context.stdout([line(header), ...rows.map(line)].join('\n') + '\n');
}

/** Prints a value as JSON. */
export function printJson(context: Pick<CliContext, 'stdout'>, value: unknown): void {
  context.stdout(`${JSON.stringify(value, null, 2)}\n`);
}
