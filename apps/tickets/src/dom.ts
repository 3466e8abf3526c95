/** Id of the content outlet the area apps mount into (root-config's index.html). */
export const MAIN_ELEMENT_ID = 'tessera-main';
/** Id of the tickets app's own container inside the outlet (root-config's `tessera-app-<area>`). */
export const TICKETS_ELEMENT_ID = 'tessera-app-tickets';

/** The tickets app's container inside `#tessera-main` (created on first use). */
export function ticketsElement(): HTMLElement {
  const existing = document.getElementById(TICKETS_ELEMENT_ID);
  if (existing) return existing;
  let main = document.getElementById(MAIN_ELEMENT_ID);
  if (!main) {
    main = document.createElement('div');
    main.id = MAIN_ELEMENT_ID;
    document.body.append(main);
  }
  const el = document.createElement('div');
  el.id = TICKETS_ELEMENT_ID;
  main.append(el);
  return el;
}
