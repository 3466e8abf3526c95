export { ShellErrorBoundary } from './ShellErrorBoundary';
export type { ShellErrorBoundaryProps } from './ShellErrorBoundary';
