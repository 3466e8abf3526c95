/**
 * Organisations (admin-console §3 "Organisation: orgtree, types, parents, permissions, business-number
 * verification result"; §5 duplicate organisation name, business-number verification; issue 13).
 * Pure: the rules and texts the server, the console and the CLI share.
 */

/** Organisation types offered by `OrganisationTypes` (designed: the spec does not list them). */
export const ORGANISATION_TYPES = Object.freeze(['organisation', 'company', 'department', 'division', 'team', 'agency', 'partner'] as const);
/** One of {@link ORGANISATION_TYPES}. */
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];

/** Limits of an organisation's fields. */
export const ORGANISATION_LIMITS = Object.freeze({ nameMaxLength: 128, businessNumberMaxLength: 32 });

/** Texts of organisations (designed; the spec says a duplicate name is checked, details not shown). */
export const ORGANISATION_MESSAGES = Object.freeze({
  ORGANISATION_NAME_TAKEN: 'An organisation with this name already exists.',
  ORGANISATION_PARENT_CYCLE: 'An organisation cannot be placed under itself or one of its own sub-organisations.',
  BUSINESS_NUMBER_SCHEME_UNKNOWN: 'Choose a business-number scheme from the list.',
  ABN_FORMAT: 'An Australian Business Number has 11 digits.',
  ABN_CHECKSUM: 'This is not a valid Australian Business Number (check digits do not match).',
  ORGANISATION_CREATED: 'The organisation was successfully created',
  ORGANISATION_UPDATED: 'The organisation was successfully updated',
  ORGANISATION_PERMISSIONS_SAVED: "The organisation's permissions were saved",
  BUSINESS_NUMBER_VALID: 'The business number is valid.',
} as const);

/** The answer of a business-number check: a result or an error (admin-console §5). */
export type BusinessNumberCheck = { valid: true; scheme: string; businessNumber: string } | { valid: false; scheme: string; message: string };

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/**
 * Checks an Australian Business Number by its checksum (Australian Business Register, "ABN format":
 * subtract 1 from the first digit, weight the 11 digits 10, 1, 3, 5, …, 19, and the sum must be a
 * multiple of 89). Spaces are ignored; the result carries the 11 digits.
 */
export function checkAbn(value: string): BusinessNumberCheck {
  const digits = value.replace(/\s+/g, '');
  if (!/^\d{11}$/.test(digits)) return { valid: false, scheme: 'abn', message: ORGANISATION_MESSAGES.ABN_FORMAT };
  const sum = [...digits].reduce((acc, d, i) => acc + (Number(d) - (i === 0 ? 1 : 0)) * ABN_WEIGHTS[i]!, 0);
  if (sum % 89 !== 0) return { valid: false, scheme: 'abn', message: ORGANISATION_MESSAGES.ABN_CHECKSUM };
  return { valid: true, scheme: 'abn', businessNumber: digits };
}

/** An organisation node of the tree: the organisation and its children, by name. */
export interface OrganisationTreeNode {
  id: string;
  name: string;
  type: string;
  children: OrganisationTreeNode[];
}

/**
 * Builds the organisation tree from flat rows (ids and parent ids): roots are those without a parent
 * or whose parent is not among the rows; children sorted by name. A cycle (which the server refuses
 * to write) cannot loop: each organisation is placed once.
 */
export function buildOrganisationTree(rows: readonly { id: string; name: string; type: string; parentId: string | null }[]): OrganisationTreeNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, type: r.type, children: [] as OrganisationTreeNode[] }]));
  const roots: OrganisationTreeNode[] = [];
  const placed = new Set<string>();
  const byName = (a: OrganisationTreeNode, b: OrganisationTreeNode) => a.name.localeCompare(b.name);
  for (const r of rows) {
    const parent = r.parentId !== null ? nodes.get(r.parentId) : undefined;
    if (!parent) roots.push(nodes.get(r.id)!);
  }
  const visit = (node: OrganisationTreeNode) => {
    placed.add(node.id);
    node.children = rows.filter((r) => r.parentId === node.id && !placed.has(r.id)).map((r) => nodes.get(r.id)!);
    node.children.sort(byName);
    node.children.forEach(visit);
  };
  roots.sort(byName).forEach(visit);
  return roots;
}

/** Ids of an organisation and every organisation below it (a parent may not be chosen among them). */
export function descendantIds(rows: readonly { id: string; parentId: string | null }[], id: string): Set<string> {
  const out = new Set<string>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (r.parentId !== null && out.has(r.parentId) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}
