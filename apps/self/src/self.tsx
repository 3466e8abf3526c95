/**
 * @tessera/app-self: the self-service area (admin-console §2 "Self-service").
 * Exports only the single-spa lifecycles; mounts into its own element inside `#tessera-main`.
 */
import React, { useState } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Provider } from 'react-redux';
import singleSpaReact from 'single-spa-react';
import { getStore, injectEpic, injectSlice } from '@tessera/store';
import { SelfRoot } from './SelfRoot';
import { selfElement } from './dom';
import { selfEpic, selfSlices } from './state';

let injected = false;

/** Injects the self slices and epics into the page's store, once per page. */
function injectSelfState(): Promise<void> {
  if (!injected) {
    injected = true;
    for (const slice of selfSlices) injectSlice(slice);
    injectEpic(selfEpic);
  }
  return Promise.resolve();
}

function Root() {
  return (
    <Provider store={getStore()}>
      <SelfRoot />
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
  domElementGetter: selfElement,
});

/** single-spa lifecycles: the self state is injected before the first mount. */
export const bootstrap = [injectSelfState, lifecycles.bootstrap];
export const mount = lifecycles.mount;
export const unmount = lifecycles.unmount;
