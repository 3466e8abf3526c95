/**
 * @tessera/app-shell: the always-mounted shell of the console (header, navigation, toasts, error
 * screens, session keep-alive). Exports the single-spa lifecycles and two deliberate cross-app
 * functions for root-config: `showUnexpectedError` and `handleGlobalApiError` (see CONTEXT.md).
 */
import { useState } from 'react';
import { injectEpic, injectSlice } from '@tessera/store';
import { createAreaApp } from '@tessera/ui';
import { shellElement } from './dom';
import { UnexpectedErrorPage } from './pages/UnexpectedErrorPage';
import { trackActivity } from './session/activity';
import { createShellEpic } from './session/shellSession.epics';
import { shellSessionSlice } from './session/shellSession.slice';
import { ShellRoot } from './ShellRoot';

/** What the shell shows when its own tree crashed: the Unexpected Error screen in its place. */
function ShellCrashed({ error }: { error: unknown }) {
  const [report] = useState(() => ({ error, time: Date.now(), url: window.location.href }));
  return <UnexpectedErrorPage report={report} />;
}

const app = createAreaApp({
  area: 'shell',
  Root: ShellRoot,
  element: shellElement,
  Crashed: ShellCrashed,
  injectState() {
    injectSlice(shellSessionSlice);
    injectEpic(createShellEpic(trackActivity()));
  },
});

/** single-spa lifecycles: the shell's state is injected before the first mount. */
export const { bootstrap, mount, unmount } = app;

export { showUnexpectedError } from './errors/unexpectedError';
export { handleGlobalApiError } from './errors/handleGlobalApiError';
