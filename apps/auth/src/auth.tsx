/**
 * @tessera/app-auth: sign-in, first-run setup, home and about (signin §2; admin-console §2.1).
 * Exports only the single-spa lifecycles; mounts into its own element inside `#tessera-main`.
 */
import React, { useState } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Provider } from 'react-redux';
import singleSpaReact from 'single-spa-react';
import { getStore, injectEpic, injectSlice } from '@tessera/store';
import { AuthRoot } from './AuthRoot';
import { authElement } from './dom';
import { authEpic, authSlices } from './state';

let injected = false;

/** Injects the auth slices and epics into the page's store, once per page. */
function injectAuthState(): Promise<void> {
  if (!injected) {
    injected = true;
    for (const slice of authSlices) injectSlice(slice);
    injectEpic(authEpic);
  }
  return Promise.resolve();
}

function Root() {
  return (
    <Provider store={getStore()}>
      <AuthRoot />
    </Provider>
  );
}

/** A crash in this app: report it so root-config shows the Unexpected Error screen (window `error`). */
function Crashed({ error }: { error: unknown }) {
  useState(() => queueMicrotask(() => window.reportError(error)));
  return null;
}

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: Root,
  errorBoundary: (error: Error) => <Crashed error={error} />,
  domElementGetter: authElement,
});

/** single-spa lifecycles: the auth state is injected before the first mount. */
export const bootstrap = [injectAuthState, lifecycles.bootstrap];
export const mount = lifecycles.mount;
export const unmount = lifecycles.unmount;
