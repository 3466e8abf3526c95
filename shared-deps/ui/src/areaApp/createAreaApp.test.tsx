/** @jest-environment jsdom */
import { act } from '@testing-library/react';
import { createSlice } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';
import { configureStoreDependencies, getStore, injectSlice } from '@tessera/store';
import { areaElement, areaElementId, MAIN_ELEMENT_ID } from './areaElement';
import { createAreaApp, type AreaAppLifecycles } from './createAreaApp';

const greeting = createSlice({ name: 'areaAppTestGreeting', initialState: { text: 'hello from the store' }, reducers: {} });

function Root() {
  const text = useSelector((state: Record<string, { text: string } | undefined>) => state[greeting.name]?.text ?? 'no state');
  return <p>{text}</p>;
}

function Boom(): never {
  throw new Error('render failed');
}

/** Runs a lifecycle array as single-spa does: each function in turn with the props. */
async function run(fns: AreaAppLifecycles['mount'], props: Parameters<AreaAppLifecycles['mount'][number]>[0]) {
  for (const fn of fns) {
    await fn(props);
    await act(async () => undefined);
  }
}

const props = { name: '@tessera/app-test', singleSpa: {}, mountParcel: () => undefined } as unknown as Parameters<AreaAppLifecycles['mount'][number]>[0];

describe('createAreaApp', () => {
  beforeAll(() => configureStoreDependencies({ api: {} as never, bus: {} as never, now: () => 0 }));
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('should inject the state once, render the root with the store into the area element, and unmount', async () => {
    const injectState = jest.fn(() => injectSlice(greeting));
    const onMount = jest.fn();
    const onUnmount = jest.fn();
    const app = createAreaApp({ area: 'demo', Root, injectState, onMount, onUnmount });
    await run(app.bootstrap, props);
    await run(app.mount, props);
    const el = document.getElementById(areaElementId('demo'));
    expect(el?.parentElement?.id).toBe(MAIN_ELEMENT_ID);
    expect(el?.textContent).toBe('hello from the store');
    expect(onMount).toHaveBeenCalledTimes(1);
    await run(app.unmount, props);
    expect(onUnmount).toHaveBeenCalledTimes(1);
    expect(el?.textContent).toBe('');
    await run(app.bootstrap, props);
    expect(injectState).toHaveBeenCalledTimes(1);
    expect(getStore().getState()).toHaveProperty(greeting.name);
  });

  it('should report a render crash on window and render nothing in its place', async () => {
    const reportError = jest.fn();
    window.reportError = reportError;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = createAreaApp({ area: 'crashy', Root: Boom });
    await run(app.bootstrap, props);
    await run(app.mount, props);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' }));
    expect(document.getElementById(areaElementId('crashy'))?.textContent).toBe('');
    jest.mocked(console.error).mockRestore();
  });

  it('should render into a given element with a given crash screen', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const app = createAreaApp({ area: 'shell', Root: Boom, element: () => host, Crashed: ({ error }) => <p role="alert">{(error as Error).message}</p> });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await run(app.bootstrap, props);
    await run(app.mount, props);
    expect(host.textContent).toBe('render failed');
    jest.mocked(console.error).mockRestore();
  });
});

describe('areaElement', () => {
  it('should create the outlet and the area element once, and find them afterwards', () => {
    document.body.innerHTML = '';
    const first = areaElement('tickets');
    expect(first.id).toBe('tessera-app-tickets');
    expect(document.getElementById(MAIN_ELEMENT_ID)?.contains(first)).toBe(true);
    expect(areaElement('tickets')).toBe(first);
    expect(document.querySelectorAll(`#${MAIN_ELEMENT_ID}`)).toHaveLength(1);
  });
});
