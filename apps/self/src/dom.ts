/** Id of the content outlet the area apps mount into (root-config's index.html). */
export const MAIN_ELEMENT_ID = 'tessera-main';
/** Id of the self app's own container inside the outlet. */
export const SELF_ELEMENT_ID = 'tessera-app-self';

/** The self app's container: its own element inside `#tessera-main` (created on first use). */
export function selfElement(): HTMLElement {
  const existing = document.getElementById(SELF_ELEMENT_ID);
  if (existing) return existing;
  let main = document.getElementById(MAIN_ELEMENT_ID);
  if (!main) {
    main = document.createElement('div');
    main.id = MAIN_ELEMENT_ID;
    document.body.append(main);
  }
  const el = document.createElement('div');
  el.id = SELF_ELEMENT_ID;
  main.append(el);
  return el;
}
