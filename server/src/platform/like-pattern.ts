/** LIKE/ILIKE patterns of free-text searches. */

/** Escapes `%`, `_` and `\` for LIKE. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
