/**
 * @tessera/app-fido: passkeys and synced FIDO credentials (admin-console §2 "FIDO"; signin §3, §4, §8).
 * Exports only the single-spa lifecycles; mounts into its own element inside `#tessera-main`.
 */
import React, { useState } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Provider } from 'react-redux';
import singleSpaReact from 'single-spa-react';
import { getStore, injectEpic, injectSlice } from '@tessera/store';
import { FidoRoot } from './FidoRoot';
import { fidoElement } from './dom';
import { fidoEpic, fidoSlices } from './state';

let injected = false;

/** Injects the fido slices and epics into the page's store, once per page. */
function injectFidoState(): Promise<void> {
  if (!injected) {
    injected = true;
    for (const slice of fidoSlices) injectSlice(slice);
    injectEpic(fidoEpic);
  }
  return Promise.resolve();
}

function Root() {
  return (
    <Provider store={getStore()}>
      <FidoRoot />
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
  domElementGetter: fidoElement,
});

/** single-spa lifecycles: the fido state is injected before the first mount. */
export const bootstrap = [injectFidoState, lifecycles.bootstrap];
export const mount = lifecycles.mount;
export const unmount = lifecycles.unmount;
