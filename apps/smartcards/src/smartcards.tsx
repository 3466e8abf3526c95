/**
 * @tessera/app-smartcards: the smartcards area (admin-console §2.2 "Smartcards"): the live card readers
 * panel, the temporary passes screen and smartcard requests. Exports only the single-spa lifecycles;
 * mounts into its own element inside `#tessera-main`. Each screen has its own folder (`readers/`,
 * `temporary-passes/`, `smartcard-request/`) and injects its slices and epics here.
 */
import React, { useState } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Provider } from 'react-redux';
import singleSpaReact from 'single-spa-react';
import { getStore, injectEpic, injectSlice } from '@tessera/store';
import { SmartcardsRoot } from './SmartcardsRoot';
import { smartcardsElement } from './dom';
import { pinPolicySlice, readersFeatureEpic, readersSlice } from './readers';
import { smartcardsEpic, smartcardsSlices } from './state';

let injected = false;

/** Injects the area's slices and epics into the page's store, once per page. */
function injectSmartcardsState(): Promise<void> {
  if (!injected) {
    injected = true;
    for (const slice of smartcardsSlices) injectSlice(slice);
    injectEpic(smartcardsEpic);
    injectSlice(readersSlice);
    injectSlice(pinPolicySlice);
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
  domElementGetter: smartcardsElement,
});

/** single-spa lifecycles: the state is injected before the first mount. */
export const bootstrap = [injectSmartcardsState, lifecycles.bootstrap];
export const mount = lifecycles.mount;
export const unmount = lifecycles.unmount;
