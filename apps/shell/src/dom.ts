/** Id of the element the shell mounts into (the header area). */
export const SHELL_ELEMENT_ID = 'tessera-shell';
/** Id of the content outlet the area apps mount into, beneath the shell. */
export const MAIN_ELEMENT_ID = 'tessera-main';
/** Id of the shell's own page container inside the content outlet. */
export const SHELL_PAGE_ELEMENT_ID = 'tessera-shell-page';

function ensureElement(id: string, create: () => HTMLElement): HTMLElement {
  return document.getElementById(id) ?? create();
}

/** `#tessera-shell`, created at the top of `<body>` when the page has none. */
export function shellElement(): HTMLElement {
  return ensureElement(SHELL_ELEMENT_ID, () => {
    const el = document.createElement('div');
    el.id = SHELL_ELEMENT_ID;
    document.body.prepend(el);
    return el;
  });
}

/** `#tessera-main`, created right after `#tessera-shell` when the page has none. */
export function mainElement(): HTMLElement {
  return ensureElement(MAIN_ELEMENT_ID, () => {
    const el = document.createElement('div');
    el.id = MAIN_ELEMENT_ID;
    shellElement().after(el);
    return el;
  });
}

/** The shell's page container, the first child of `#tessera-main`. */
export function shellPageElement(): HTMLElement {
  return ensureElement(SHELL_PAGE_ELEMENT_ID, () => {
    const el = document.createElement('div');
    el.id = SHELL_PAGE_ELEMENT_ID;
    mainElement().prepend(el);
    return el;
  });
}
