/**
 * @tessera/app-shell: the always-mounted shell of the console (header, navigation, toasts, error
 * screens, session keep-alive). Exports the single-spa lifecycles and two deliberate cross-app
 * functions for root-config: `showUnexpectedError` and `handleGlobalApiError` (see CONTEXT.md).
 */
import React, { useState } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Provider } from 'react-redux';
import singleSpaReact from 'single-spa-react';
import { getStore, injectEpic, injectSlice } from '@tessera/store';
import { shellElement } from './dom';
import { UnexpectedErrorPage } from './pages/UnexpectedErrorPage';
import { trackActivity } from './session/activity';
import { createShellEpic } from './session/shellSession.epics';
import { shellSessionSlice } from './session/shellSession.slice';
import { ShellRoot } from './ShellRoot';

let injected = false;

/** Injects the shell's slice and epics into the page's store, once per page. */
function injectShellState(): Promise<void> {
  if (!injected) {
    injected = true;
    injectSlice(shellSessionSlice);
    injectEpic(createShellEpic(trackActivity()));
  }
  return Promise.resolve();
}

function Root() {
  return (
    <Provider store={getStore()}>
      <ShellRoot />
    </Provider>
  );
}

/** What the shell shows when its own tree crashed: the Unexpected Error screen in its place. */
function ShellCrashed({ error }: { error: unknown }) {
  const [report] = useState(() => ({ error, time: Date.now(), url: window.location.href }));
  return <UnexpectedErrorPage report={report} />;
}

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: Root,
  errorBoundary: (error: Error) => <ShellCrashed error={error} />,
  domElementGetter: shellElement,
});

/** single-spa lifecycles: the shell's state is injected before the first mount. */
export const bootstrap = [injectShellState, lifecycles.bootstrap];
export const mount = lifecycles.mount;
export const unmount = lifecycles.unmount;

export { showUnexpectedError } from './errors/unexpectedError';
export { handleGlobalApiError } from './errors/handleGlobalApiError';
