/** The files a command reads (CSV, CSR, config), with one usage error when they cannot be read. */
import fs from 'node:fs';
import { usageError } from './errors';

/** A text file's content. @throws CliError USAGE `cannot read FILE: CODE` (ENOENT, EACCES, EISDIR …) */
export function readInputFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw usageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** The data rows of a CSV text (non-empty lines after the header), at least 1: a progress bar's total, not a parse. */
export function csvRowEstimate(csv: string): number {
  return Math.max(1, csv.split(/\r?\n/).filter((line) => line.trim() !== '').length - 1);
}
