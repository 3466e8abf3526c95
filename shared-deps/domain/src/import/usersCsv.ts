/**
 * CSV import and export of users (issue 13 "CSV import of users (preview with per-row errors, then
 * apply; nothing applied when the file is malformed) and CSV export"). The columns and the line the
 * console and the CLI print for a refused row.
 */
import type { CsvRowError } from '../devices/devices.types';

/** Columns of a users CSV, in export order; `username` is required, the others optional. */
export const USER_CSV_COLUMNS = Object.freeze(['username', 'givenName', 'familyName', 'emailAddress', 'telephone', 'organisation'] as const);
/** One column. */
export type UserCsvColumn = (typeof USER_CSV_COLUMNS)[number];
/** Most rows one import may hold. */
export const USER_CSV_MAX_ROWS = 100_000;

/** Answer of a users import (dry run or apply). */
export interface UsersImportResult {
  /** Data rows read. */
  total: number;
  /** Rows without an error. */
  valid: number;
  /** Whether the users were created (only when not a dry run and no row is bad). */
  applied: boolean;
  created: number;
  errors: CsvRowError[];
}

/** The line of a refused row: "Row 3, column emailAddress: …" (row 1 is the first data row). */
export function csvRowErrorLine(error: CsvRowError): string {
  return `Row ${error.row}, column ${error.column}: ${error.message}`;
}
