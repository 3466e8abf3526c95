export { ImportCaForm } from './ImportCaForm';
