import { useSyncExternalStore } from 'react';
import { getSessionState, session$ } from '@tessera/bus';
import type { Viewer } from '@tessera/domain';

function subscribe(onChange: () => void): () => void {
  const subscription = session$.subscribe(onChange);
  return () => subscription.unsubscribe();
}

function snapshot(): Viewer | null {
  const state = getSessionState();
  return state.status === 'signedIn' ? state.viewer : null;
}

/** The signed-in viewer from the bus (`session$`), or null. */
export function useViewer(): Viewer | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Does the viewer hold this permission? */
export function hasPermission(viewer: Viewer | null, permission: string): boolean {
  return viewer?.permission.View.includes(permission) ?? false;
}
