export { Navigation } from './Navigation';
export type { NavigationProps } from './Navigation';
