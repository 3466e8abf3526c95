export { ToastLog } from './ToastLog';
export type { ToastLogProps } from './ToastLog';
