import type { CertificateAuthority } from '@tessera/domain';

/** A CA placed on the drawing: the centre of its box. */
export interface PlacedCa {
  ca: CertificateAuthority;
  x: number;
  y: number;
  depth: number;
}

/** The drawing: placed CAs, parent → child edges, and the size of the canvas. */
export interface CaTreeLayout {
  nodes: PlacedCa[];
  edges: { from: PlacedCa; to: PlacedCa }[];
  width: number;
  height: number;
}

/** Box size and gaps of the drawing, in SVG units. */
export const CA_BOX = Object.freeze({ width: 180, height: 56, gapX: 28, gapY: 64, margin: 16 });

/**
 * A tidy top-down layout of the CA hierarchy: each root starts a tree, a CA's children sit one row below it,
 * leaves take one column each in name order and a parent is centred over its children. A CA whose parent is
 * not in the list is drawn as a root; a cycle (never made by the server) is cut where it is found.
 */
export function layoutCaTree(cas: readonly CertificateAuthority[]): CaTreeLayout {
  const ids = new Set(cas.map((ca) => ca.id));
  const byName = (a: CertificateAuthority, b: CertificateAuthority) => a.friendlyName.localeCompare(b.friendlyName);
  const childrenOf = new Map<string, CertificateAuthority[]>();
  for (const ca of cas) {
    if (ca.parentId === null || !ids.has(ca.parentId)) continue;
    childrenOf.set(ca.parentId, [...(childrenOf.get(ca.parentId) ?? []), ca]);
  }
  const roots = cas.filter((ca) => ca.parentId === null || !ids.has(ca.parentId)).sort(byName);
  const nodes: PlacedCa[] = [];
  const edges: CaTreeLayout['edges'] = [];
  const visited = new Set<string>();
  let column = 0;
  let maxDepth = 0;
  const stepX = CA_BOX.width + CA_BOX.gapX;
  const stepY = CA_BOX.height + CA_BOX.gapY;
  const place = (ca: CertificateAuthority, depth: number): PlacedCa => {
    visited.add(ca.id);
    maxDepth = Math.max(maxDepth, depth);
    const kids = (childrenOf.get(ca.id) ?? []).filter((kid) => !visited.has(kid.id)).sort(byName);
    const placedKids = kids.map((kid) => place(kid, depth + 1));
    const x =
      placedKids.length === 0
        ? CA_BOX.margin + CA_BOX.width / 2 + stepX * column++
        : (placedKids[0]!.x + placedKids[placedKids.length - 1]!.x) / 2;
    const node: PlacedCa = { ca, x, y: CA_BOX.margin + CA_BOX.height / 2 + stepY * depth, depth };
    nodes.push(node);
    for (const kid of placedKids) edges.push({ from: node, to: kid });
    return node;
  };
  for (const root of roots) if (!visited.has(root.id)) place(root, 0);
  return {
    nodes,
    edges,
    width: Math.max(column, 1) * stepX - CA_BOX.gapX + 2 * CA_BOX.margin,
    height: (maxDepth + 1) * stepY - CA_BOX.gapY + 2 * CA_BOX.margin,
  };
}
