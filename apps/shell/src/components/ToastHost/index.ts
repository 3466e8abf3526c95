export { ToastHost, TOAST_FADE_IN_MS, TOAST_FADE_OUT_MS } from './ToastHost';
export type { ToastHostProps } from './ToastHost';
