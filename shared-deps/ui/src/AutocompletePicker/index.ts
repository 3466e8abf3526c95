export { AutocompletePicker } from './AutocompletePicker';
export type { AutocompletePickerProps, AutocompleteOption } from './AutocompletePicker';
