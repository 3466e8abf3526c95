export { PkiVisualiserPage } from './PkiVisualiserPage';
export { layoutCaTree } from './layoutCaTree';
