/** Template display ordering (admin-console §3 "Templates without an entry sort last, using a maximum value"). */
import type { TemplateOrderingEntry } from './pki.types';

/**
 * The templates in display order: by uiOrdering of their entry, those without one last (as if ordered
 * `Number.MAX_SAFE_INTEGER`), ties by name so the order is stable.
 */
export function sortTemplatesByOrdering<T extends { templateId: string; templateName: string }>(templates: readonly T[], ordering: readonly TemplateOrderingEntry[]): T[] {
  const rank = new Map(ordering.map((entry) => [entry.templateId, entry.uiOrdering]));
  const order = (t: T) => rank.get(t.templateId) ?? Number.MAX_SAFE_INTEGER;
  return [...templates].sort((a, b) => order(a) - order(b) || a.templateName.localeCompare(b.templateName));
}
