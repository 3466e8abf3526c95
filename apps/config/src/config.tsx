/**
 * @tessera/app-config: the configuration area (admin-console §2.2 "Config").
 * Exports only the single-spa lifecycles; mounts into its own element inside `#tessera-main`.
 */
import React, { useState } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Provider } from 'react-redux';
import singleSpaReact from 'single-spa-react';
import { getStore, injectEpic, injectSlice } from '@tessera/store';
import { ConfigRoot } from './ConfigRoot';
import { configElement } from './dom';
import { configEpic, configSlices } from './state';

let injected = false;

/** Injects the config slices and epics into the page's store, once per page. */
function injectConfigState(): Promise<void> {
  if (!injected) {
    injected = true;
    for (const slice of configSlices) injectSlice(slice);
    injectEpic(configEpic);
  }
  return Promise.resolve();
}

function Root() {
  return (
    <Provider store={getStore()}>
      <ConfigRoot />
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
  domElementGetter: configElement,
});

/** single-spa lifecycles: the config state is injected before the first mount. */
export const bootstrap = [injectConfigState, lifecycles.bootstrap];
export const mount = lifecycles.mount;
export const unmount = lifecycles.unmount;
