export { ReadersPanel } from './ReadersPanel';
export type { ReadersPanelProps } from './ReadersPanel';
