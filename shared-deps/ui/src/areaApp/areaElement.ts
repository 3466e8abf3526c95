/** Id of the content outlet the area apps mount into (root-config's index.html). */
export const MAIN_ELEMENT_ID = 'tessera-main';

/** Id of an area app's own container inside the outlet: `tessera-app-<area>`. */
export function areaElementId(area: string): string {
  return `tessera-app-${area}`;
}

/**
 * An area app's container: its own element inside `#tessera-main` (created on first use, and the
 * outlet too when missing), so its React root never shares an element with the shell's pages or
 * another app's root.
 */
export function areaElement(area: string, doc: Document = document): HTMLElement {
  const id = areaElementId(area);
  const existing = doc.getElementById(id);
  if (existing) return existing;
  let main = doc.getElementById(MAIN_ELEMENT_ID);
  if (!main) {
    main = doc.createElement('div');
    main.id = MAIN_ELEMENT_ID;
    doc.body.append(main);
  }
  const el = doc.createElement('div');
  el.id = id;
  main.append(el);
  return el;
}
