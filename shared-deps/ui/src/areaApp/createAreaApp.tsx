import React, { useState, type ComponentType } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Provider } from 'react-redux';
import singleSpaReact from 'single-spa-react';
import type { LifeCycleFn } from 'single-spa';
import { getStore } from '@tessera/store';
import { areaElement } from './areaElement';

/** Options of {@link createAreaApp}. */
export interface AreaAppOptions {
  /** The area (route table `area`); the app mounts into `#tessera-app-<area>` inside `#tessera-main`. */
  area: string;
  /** The app's root component; it renders inside the page store's `Provider`. */
  Root: ComponentType;
  /** Injects the app's slices and epics into the page's store; called once per page, before the first mount. */
  injectState?: () => void;
  /** Runs after each mount (e.g. start polling). */
  onMount?: () => void;
  /** Runs before each unmount (e.g. stop polling). */
  onUnmount?: () => void;
  /** The element to render into. @default the area's own element inside `#tessera-main` ({@link areaElement}) */
  element?: () => HTMLElement;
  /** What replaces the app after a render crash. @default nothing, the crash reported on `window` */
  Crashed?: ComponentType<{ error: unknown }>;
}

/** single-spa lifecycles of an area app. */
export interface AreaAppLifecycles {
  bootstrap: LifeCycleFn<object>[];
  mount: LifeCycleFn<object>[];
  unmount: LifeCycleFn<object>[];
}

/** A crash in an app: reported on `window` so root-config shows the shell's Unexpected Error screen. */
function ReportCrash({ error }: { error: unknown }) {
  useState(() => queueMicrotask(() => window.reportError(error)));
  return null;
}

/**
 * The single-spa lifecycles of an area app (ARCHITECTURE: one React app per area): its state is
 * injected into the one store before the first mount, it renders in its own element inside the
 * content outlet, and a render crash goes to the Unexpected Error screen of the shell.
 */
export function createAreaApp({ area, Root, injectState, onMount, onUnmount, element, Crashed = ReportCrash }: AreaAppOptions): AreaAppLifecycles {
  let injected = false;
  function AreaRoot() {
    return (
      <Provider store={getStore()}>
        <Root />
      </Provider>
    );
  }
  AreaRoot.displayName = `AreaApp(${area})`;
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: AreaRoot,
    errorBoundary: (error: Error) => <Crashed error={error} />,
    domElementGetter: element ?? (() => areaElement(area)),
  });
  const inject: LifeCycleFn<object> = async () => {
    if (injected) return;
    injected = true;
    injectState?.();
  };
  const afterMount: LifeCycleFn<object> = async () => onMount?.();
  const beforeUnmount: LifeCycleFn<object> = async () => onUnmount?.();
  return {
    bootstrap: [inject, lifecycles.bootstrap],
    mount: [lifecycles.mount, afterMount],
    unmount: [beforeUnmount, lifecycles.unmount],
  };
}
