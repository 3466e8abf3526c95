export { ShellOutlet } from './ShellOutlet';
export type { ShellOutletProps } from './ShellOutlet';
