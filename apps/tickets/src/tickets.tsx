/**
 * @tessera/app-tickets: support tickets (admin-console §2.2 "Support tickets", §2.3 "Ticket screens").
 * Exports only the single-spa lifecycles; mounts into its own element inside `#tessera-main`. While
 * mounted it watches for new messages on the viewer's tickets (bus `ticketMessages$`).
 */
import React, { useState } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Provider } from 'react-redux';
import singleSpaReact from 'single-spa-react';
import { getStore, injectEpic, injectSlice } from '@tessera/store';
import { TicketsRoot } from './TicketsRoot';
import { ticketsElement } from './dom';
import { notificationsStarted, notificationsStopped } from './notifications/notifications.epics';
import { ticketsEpic, ticketsSlices } from './state';

let injected = false;

/** Injects the tickets slices and epics into the page's store, once per page. */
function injectTicketsState(): Promise<void> {
  if (!injected) {
    injected = true;
    for (const slice of ticketsSlices) injectSlice(slice);
    injectEpic(ticketsEpic);
  }
  return Promise.resolve();
}

function Root() {
  return (
    <Provider store={getStore()}>
      <TicketsRoot />
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
  domElementGetter: ticketsElement,
});

async function startNotifications(): Promise<void> {
  getStore().dispatch(notificationsStarted());
}

async function stopNotifications(): Promise<void> {
  getStore().dispatch(notificationsStopped());
}

/** single-spa lifecycles: the state is injected before the first mount; notifications run while mounted. */
export const bootstrap = [injectTicketsState, lifecycles.bootstrap];
export const mount = [lifecycles.mount, startNotifications];
export const unmount = [stopNotifications, lifecycles.unmount];
