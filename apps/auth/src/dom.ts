/** Id of the content outlet the area apps mount into (root-config's index.html). */
export const MAIN_ELEMENT_ID = 'tessera-main';
/** Id of the auth app's own container inside the outlet. */
export const AUTH_ELEMENT_ID = 'tessera-app-auth';

/**
 * The auth app's container: its own element inside `#tessera-main` (created on first use), so its
 * React root never shares an element with the shell's pages or another app's root.
 */
export function authElement(): HTMLElement {
  const existing = document.getElementById(AUTH_ELEMENT_ID);
  if (existing) return existing;
  let main = document.getElementById(MAIN_ELEMENT_ID);
  if (!main) {
    main = document.createElement('div');
    main.id = MAIN_ELEMENT_ID;
    document.body.append(main);
  }
  const el = document.createElement('div');
  el.id = AUTH_ELEMENT_ID;
  main.append(el);
  return el;
}
