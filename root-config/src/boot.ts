/// <reference types="systemjs" />
/**
 * The browser boot of the console (platform-contracts "Browser boot", signin §2), plain TypeScript:
 * 1. clear local storage except the user settings; show the out-of-date notice when needed;
 * 2. full-page spinner while the authentication state loads (bootstrap status, then the viewer);
 *    publish signedIn / signedOut on the bus; give the store its dependencies;
 * 3. register the shell (always active) and one app per built area, guarded on every routing event;
 * 4. an app that fails to load reloads the page once, then shows the chunks-failed error.
 * Then `start()`.
 */
import { addErrorHandler, registerApplication, start, triggerAppChange } from 'single-spa';
import {
  BUILT_AREAS,
  DENIED_PATH,
  ERROR_MESSAGES,
  HOME_PATH,
  LOGIN_PATH,
  MESSAGES,
  appNameForArea,
  canViewRoute,
  chunkFailureAction,
  isBrowserSupported,
  loginRedirectPath,
  matchRoute,
  normalisePermissionObject,
  storageKeysToClear,
  type Area,
  type SessionInfo,
  type Viewer,
} from '@tessera/domain';
import { browserXsrfToken, createApiClient, type ApiClient, type ApiError } from '@tessera/api';
import * as bus from '@tessera/bus';
import { configureStoreDependencies } from '@tessera/store';
import { createAppLoader, isReportedLoadError, type AppLoadError } from './appLoader';
import { clearLocalStorage } from './clearLocalStorage';
import { EARLY_FETCH_GLOBAL, createEarlyFetch, type EarlyResponses } from './earlyFetch';
import { globalErrorAction, isReportableError, type GlobalErrorTexts } from './globalErrorFallback';
import { guardRoute, type GuardDecision, type GuardRules, type GuardSession } from './guardRoute';

/** Import-map name of the shell app (always active). */
export const SHELL_APP = '@tessera/app-shell';

/** Element ids of `index.html`. */
export const ELEMENT_IDS = {
  shell: 'tessera-shell',
  main: 'tessera-main',
  spinner: 'tessera-boot-spinner',
  outdated: 'tessera-outdated-browser',
} as const;

/** The shell's deliberate cross-app exports root-config uses when present (apps/shell/src/shell.tsx). */
interface ShellExports {
  showUnexpectedError?: (error: unknown) => void;
  handleGlobalApiError?: (error: ApiError) => void;
}

/** The route table rules of domain, as the guard takes them. */
export const DOMAIN_GUARD_RULES: GuardRules = {
  match: (pathname) => matchRoute(pathname)?.route ?? null,
  canView: (route, permission) => canViewRoute(route, permission),
  loginRedirectPath,
  homePath: HOME_PATH,
  loginPath: LOGIN_PATH,
  deniedPath: DENIED_PATH,
};

const FALLBACK_TEXTS: GlobalErrorTexts = {
  tooManyRequestsTitle: MESSAGES.TOO_MANY_REQUESTS_TITLE,
  tooManyRequestsBody: MESSAGES.TOO_MANY_REQUESTS_BODY,
  auditOfflineTitle: MESSAGES.AUDIT_OFFLINE_TITLE,
  auditOfflineBody: MESSAGES.AUDIT_OFFLINE_BODY,
  paymentRequiredTitle: 'Payment Required',
  paymentRequiredBody: ERROR_MESSAGES.PAYMENT_REQUIRED,
};

/** What the boot found out about the session. */
export interface AuthState {
  bootstrapMode: boolean;
  viewer: Viewer | null;
  session: SessionInfo | null;
}

/**
 * The authentication state: `GET /api2/IDM-v1/BootstrapStatus` and the viewer (`GET /api/login`), then
 * (signed in) the session timing (check-session). A 401 means signed out. A server
 * that cannot be reached also counts as signed out (the sign-in screen then shows the failure).
 */
export async function loadAuthState(api: Pick<ApiClient, 'bootstrapStatus' | 'getViewer' | 'checkSession'>): Promise<AuthState> {
  const signedOut: AuthState = { bootstrapMode: false, viewer: null, session: null };
  // Both requests leave at once (the cold /login path waits for no extra round trip); the viewer's
  // answer is only used when the server is not in bootstrap mode.
  const viewerPromise = api.getViewer();
  viewerPromise.catch(() => undefined);
  try {
    const status = await api.bootstrapStatus();
    if (status.bootstrapMode) return { bootstrapMode: true, viewer: null, session: null };
    const viewer = await viewerPromise;
    const session = await api.checkSession();
    return { bootstrapMode: false, viewer, session };
  } catch (error) {
    if ((error as Partial<ApiError> | null)?.code !== 'NOT_LOGGED_IN') console.warn('tessera: could not load the session state', error);
    return signedOut;
  }
}

/** The features `isBrowserSupported` asks about (signin §2: duration formatting and URL parsing), read from a global scope. */
export function browserFeatures(scope: object = globalThis): { hasDurationFormat: boolean; hasUrlParse: boolean } {
  const { Intl: intl, URL: url } = scope as { Intl?: Record<string, unknown>; URL?: Record<string, unknown> };
  return { hasDurationFormat: typeof intl?.DurationFormat === 'function', hasUrlParse: typeof url?.parse === 'function' };
}

function setHidden(doc: Document, id: string, hidden: boolean): void {
  const el = doc.getElementById(id);
  if (!el) return;
  el.hidden = hidden;
  if (id === ELEMENT_IDS.spinner) el.setAttribute('aria-busy', String(!hidden));
}

/** Last resort when the shell cannot show the Unexpected Error screen: the same texts in plain DOM. */
function showFatalFallback(doc: Document, error: unknown): void {
  const main = doc.getElementById(ELEMENT_IDS.main) ?? doc.body;
  const box = doc.createElement('div');
  box.className = 'tessera-fatal';
  box.setAttribute('role', 'alert');
  const title = doc.createElement('h1');
  title.textContent = MESSAGES.UNEXPECTED_ERROR_TITLE;
  const text = doc.createElement('p');
  text.textContent = error instanceof Error ? error.message : String(error);
  const reload = doc.createElement('button');
  reload.type = 'button';
  reload.textContent = MESSAGES.RELOAD_PAGE;
  reload.addEventListener('click', () => doc.defaultView?.location.reload());
  box.append(title, text, reload);
  main.replaceChildren(box);
}

/** Boots the console in `win` (the page's window). Resolves once single-spa has started. */
export async function boot(win: Window = window): Promise<void> {
  const doc = win.document;
  mark(win, 'boot');
  const currentPath = () => `${win.location.pathname}${win.location.search}`;

  // 1. Storage (signin §2); the browser check needs the page's elements, below.
  clearLocalStorage(safeStorage(() => win.localStorage), storageKeysToClear);

  // The shell module: its cross-app exports show crashes and answer global api errors.
  let shellPromise: Promise<ShellExports | null> | null = null;
  const shell = (): Promise<ShellExports | null> =>
    (shellPromise ??= System.import(SHELL_APP).then(
      (m) => m as ShellExports,
      () => null,
    ));
  const reportCrash = (error: unknown): void => {
    void shell().then((s) => {
      if (s?.showUnexpectedError) s.showUnexpectedError(error);
      else showFatalFallback(doc, error);
      setHidden(doc, ELEMENT_IDS.spinner, true);
    });
  };

  // 2. Session state, api client, store.
  let session: bus.SessionState = { status: 'loading' };
  const guardSession = (): GuardSession => ({
    status: session.status,
    permission: session.status === 'signedIn' ? normalisePermissionObject(session.viewer.permission) : null,
  });
  const decide = (url: URL | Location, bootstrapMode = false): GuardDecision =>
    guardRoute({ pathname: url.pathname, search: url.search }, guardSession(), DOMAIN_GUARD_RULES, { bootstrapMode });
  let booting = true;
  const onGlobalError = (error: ApiError): void => {
    // During the boot a 401 just means "signed out": the guard decides where to go.
    if (booting && error.code === 'NOT_LOGGED_IN') return;
    void shell().then((s) => {
      if (s?.handleGlobalApiError) return s.handleGlobalApiError(error);
      const action = globalErrorAction(error.code, {
        booting,
        signedIn: session.status === 'signedIn',
        currentPath: currentPath(),
        loginRedirectPath,
        texts: FALLBACK_TEXTS,
      });
      if (action.kind === 'toast') bus.showToast(action.toast);
      if (action.kind === 'signOut') {
        bus.signedOut('not_logged_in');
        if (action.redirectTo) replaceUrl(win, action.redirectTo);
      }
    });
  };
  const early = (win as unknown as Record<string, EarlyResponses | undefined>)[EARLY_FETCH_GLOBAL];
  const fetch = createEarlyFetch(early, win.fetch.bind(win), win.location.origin);
  const api = createApiClient({ fetch, getXsrfToken: browserXsrfToken, onGlobalError, credentials: 'include' });
  configureStoreDependencies({ api, bus, now: () => Date.now() });
  // Keep the latest session; once started, a session that ends (keep-alive failure, 401) leaves a
  // session route, and any change re-decides which apps are active.
  let started = false;
  bus.session$.subscribe((next) => {
    const changed = next.status !== session.status;
    session = next;
    if (!started || !changed) return;
    if (next.status === 'signedOut') {
      const decision = decide(win.location);
      if (decision.action === 'redirect') return replaceUrl(win, decision.to);
    }
    if (next.status !== 'loading') void triggerAppChange();
  });
  bus.sessionLoading();

  // Run the shell and the current route's app while the authentication state loads (the preloads
  // already have their bytes); mounting waits for start().
  void shell();
  const initialArea = matchRoute(win.location.pathname)?.route.area;
  if (initialArea && initialArea !== 'shell' && BUILT_AREAS.includes(initialArea)) {
    System.import(appNameForArea(initialArea)).catch(() => undefined);
  }
  const authPromise = loadAuthState(api);

  // index.html imports root-config from <head>: wait for the layout elements before touching them.
  await domReady(doc);
  if (!isBrowserSupported(browserFeatures(win))) {
    const notice = doc.getElementById(ELEMENT_IDS.outdated);
    if (notice) {
      notice.textContent = MESSAGES.OUTDATED_BROWSER;
      notice.hidden = false;
    }
  }
  const auth = await authPromise;
  mark(win, 'auth-state');
  if (auth.viewer && auth.session) bus.signedIn(auth.viewer, auth.session);
  else bus.signedOut();
  booting = false;


  // 3. Apps: the shell always; one per built area, active on its routes when the guard allows.
  const load = createAppLoader({
    importModule: (name) => System.import(name),
    storage: safeStorage(() => win.sessionStorage),
    reload: () => win.location.reload(),
    decide: chunkFailureAction,
    message: MESSAGES.CHUNKS_FAILED,
    onFatal: (error: AppLoadError) => reportCrash(error),
  });
  const shellElement = () => ensureElement(doc, ELEMENT_IDS.shell, () => doc.body);
  // Each area app gets its own container inside #tessera-main, so no two React roots (nor the shell's
  // pages, which it renders into the same outlet) ever share an element.
  const appElement = (area: Area) => () =>
    ensureElement(doc, `tessera-app-${area}`, () => ensureElement(doc, ELEMENT_IDS.main, () => doc.body));
  registerApplication({
    name: SHELL_APP,
    app: () => load(SHELL_APP) as Promise<never>,
    activeWhen: () => true,
    customProps: { domElementGetter: shellElement },
  });
  for (const area of BUILT_AREAS) {
    if (area === 'shell') continue;
    const name = appNameForArea(area);
    registerApplication({
      name,
      app: () => load(name) as Promise<never>,
      activeWhen: (location) => isAreaActive(area, location, decide),
      customProps: { domElementGetter: appElement(area) },
    });
  }

  // Any crash of any app goes to the shell's Unexpected Error screen.
  addErrorHandler((error) => {
    if (!isReportedLoadError(error)) reportCrash(error);
  });
  win.addEventListener('error', (event) => {
    if (isReportableError(event.error, event.message)) reportCrash(event.error instanceof Error ? event.error : new Error(event.message));
  });
  win.addEventListener('unhandledrejection', (event) => {
    if (isReportableError(event.reason)) reportCrash(event.reason);
  });

  // Guards on every routing event: redirects replace the address (no history entry for the page the
  // user never saw). Cancelling instead would make single-spa restore the old URL over ours.
  win.addEventListener('single-spa:before-routing-event', (event) => {
    const detail = (event as CustomEvent<{ newUrl: string }>).detail;
    const decision = decide(new URL(detail.newUrl));
    if (decision.action === 'redirect') replaceUrl(win, decision.to);
  });
  // The spinner stays until the first routing has mounted what the route shows.
  win.addEventListener(
    'single-spa:routing-event',
    () => {
      setHidden(doc, ELEMENT_IDS.spinner, true);
      mark(win, 'first-routing');
    },
    { once: true },
  );

  const first = decide(win.location, auth.bootstrapMode);
  if (first.action === 'redirect') win.history.replaceState(win.history.state, '', first.to);
  started = true;
  start({ urlRerouteOnly: true });
}

/** Resolves once the document is parsed (at once when it already is). */
function domReady(doc: Document): Promise<void> {
  if (doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

/** The element `id`, created at the end of `parent()` when the page has none. */
function ensureElement(doc: Document, id: string, parent: () => HTMLElement): HTMLElement {
  const existing = doc.getElementById(id);
  if (existing) return existing;
  const el = doc.createElement('div');
  el.id = id;
  parent().append(el);
  return el;
}

/** A user-timing mark `tessera:<name>` (the boot's steps show in the browser's performance panel and the bench). */
function mark(win: Window, name: string): void {
  try {
    win.performance?.mark(`tessera:${name}`);
  } catch {
    // marks are diagnostics only
  }
}

/** True when `area`'s app should be mounted at `location`: the route is the area's and the guard lets it mount. */
function isAreaActive(area: Area, location: Location, decide: (url: Location) => GuardDecision): boolean {
  return matchRoute(location.pathname)?.route.area === area && decide(location).action === 'mount';
}

/** Replaces the address (single-spa's patched history reroutes on the change). */
function replaceUrl(win: Window, to: string): void {
  if (`${win.location.pathname}${win.location.search}` === to) return;
  win.history.replaceState(win.history.state, '', to);
}

/** A storage that may throw on access (disabled cookies, privacy modes) → null. */
function safeStorage(get: () => Storage): Storage | null {
  try {
    return get();
  } catch {
    return null;
  }
}
