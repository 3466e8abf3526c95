/** Locales (admin-console §3 "Locales in four levels: location, sublocation, area, room"). */

/** The four levels, outermost first. */
export const LOCALE_LEVELS = Object.freeze(['location', 'sublocation', 'area', 'room'] as const);
/** One level. */
export type LocaleLevel = (typeof LOCALE_LEVELS)[number];

/**
 * The level a locale's parent must have: none for a location, else the level just above
 * (a sublocation sits in a location, an area in a sublocation, a room in an area).
 */
export function parentLevelOf(level: LocaleLevel): LocaleLevel | null {
  const index = LOCALE_LEVELS.indexOf(level);
  return index <= 0 ? null : LOCALE_LEVELS[index - 1]!;
}

/** The level of a child of `level`, or null for a room (rooms hold nothing). */
export function childLevelOf(level: LocaleLevel): LocaleLevel | null {
  return LOCALE_LEVELS[LOCALE_LEVELS.indexOf(level) + 1] ?? null;
}
