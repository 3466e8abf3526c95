/** Recognises PostgreSQL errors by SQLSTATE (pg and PGlite both expose `code`). */

/** A unique constraint was violated (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
