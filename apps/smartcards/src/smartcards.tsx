/**
 * @tessera/app-smartcards: the smartcards area (admin-console §2.2). Exports only the single-spa
 * lifecycles. Each feature (readers, …) injects its slices and epics here, additively.
 */
import React, { useState } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Provider } from 'react-redux';
import singleSpaReact from 'single-spa-react';
import { getStore, injectEpic, injectSlice } from '@tessera/store';
import { SmartcardsRoot } from './SmartcardsRoot';
import { smartcardsElement } from './dom';
import { readersFeatureEpic, readersSlice } from './readers';

let injected = false;

/** Injects the area's slices and epics into the page's store, once per page. */
function injectSmartcardsState(): Promise<void> {
  if (!injected) {
    injected = true;
    injectSlice(readersSlice);
    injectEpic(readersFeatureEpic());
  }
  return Promise.resolve();
}

function Root() {
  return (
    <Provider store={getStore()}>
      <SmartcardsRoot />
    </Provider>
  );
}

/** A crash in this app: report it so root-config shows the Unexpected Error screen. */
function Crashed({ error }: { error: unknown }) {
  useState(() => queueMicrotask(() => window.reportError(error)));
  return null;
}

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: Root,
  errorBoundary: (error: Error) => <Crashed error={error} />,
  domElementGetter: smartcardsElement,
});

/** single-spa lifecycles: the area's state is injected before the first mount. */
export const bootstrap = [injectSmartcardsState, lifecycles.bootstrap];
export const mount = lifecycles.mount;
export const unmount = lifecycles.unmount;
