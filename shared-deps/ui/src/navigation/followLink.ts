import type { MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';

/** Goes to an in-console path through single-spa, so the right apps mount without a page load. */
export function navigate(path: string): void {
  navigateToUrl(path);
}

/**
 * `onClick` of an in-console link: a plain left click navigates through single-spa; a modified click
 * (new tab, new window, download) or one already handled is left to the browser.
 */
export function followLink(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute('href') ?? '/');
}
