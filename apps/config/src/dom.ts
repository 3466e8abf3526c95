/** Id of the content outlet the area apps mount into (root-config's index.html). */
export const MAIN_ELEMENT_ID = 'tessera-main';
/** Id of the config app's own container inside the outlet. */
export const CONFIG_ELEMENT_ID = 'tessera-app-config';

/** The config app's container: its own element inside `#tessera-main` (created on first use). */
export function configElement(): HTMLElement {
  const existing = document.getElementById(CONFIG_ELEMENT_ID);
  if (existing) return existing;
  let main = document.getElementById(MAIN_ELEMENT_ID);
  if (!main) {
    main = document.createElement('div');
    main.id = MAIN_ELEMENT_ID;
    document.body.append(main);
  }
  const el = document.createElement('div');
  el.id = CONFIG_ELEMENT_ID;
  main.append(el);
  return el;
}
