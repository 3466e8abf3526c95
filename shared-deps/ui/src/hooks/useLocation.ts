import { useSyncExternalStore } from 'react';

/** The parts of the browser location a page renders from. */
export interface LocationSnapshot {
  pathname: string;
  search: string;
}

const EVENTS = ['popstate', 'single-spa:routing-event'] as const;

function subscribe(onChange: () => void): () => void {
  for (const name of EVENTS) window.addEventListener(name, onChange);
  return () => {
    for (const name of EVENTS) window.removeEventListener(name, onChange);
  };
}

let last: LocationSnapshot | null = null;
function snapshot(): LocationSnapshot {
  const { pathname, search } = window.location;
  if (!last || last.pathname !== pathname || last.search !== search) last = { pathname, search };
  return last;
}

/**
 * The current path and query, re-rendering on navigation. single-spa fires `popstate` after
 * `navigateToUrl`/`pushState` and `single-spa:routing-event` after each reroute, so apps need no
 * router of their own.
 */
export function useLocation(): LocationSnapshot {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
