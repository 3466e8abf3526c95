/**
 * @tessera/ui: the console's page building blocks on @primer/react. Components compose Primer and
 * import only the few Primer components the sign-in page can afford (PLATFORM-NOTES: ≤ 200 KB gzip).
 * Also the plumbing every area app shares: its single-spa lifecycles and element, and in-console links.
 */
export { PageLayout } from './PageLayout';
export { PagedTable, pageBlock } from './PagedTable';
export { ListPage } from './ListPage';
export { TextField } from './TextField';
export { AutocompletePicker } from './AutocompletePicker';
export { FormError } from './FormError';
export { RecoveryCodes } from './RecoveryCodes';
export { FullPageSpinner } from './FullPageSpinner';
export { RouterErrorPage } from './RouterErrorPage';
export { NotAvailablePage } from './NotAvailablePage';
export { useLocation } from './hooks/useLocation';
export { createAreaApp, areaElement, areaElementId, MAIN_ELEMENT_ID } from './areaApp';
export { followLink, navigate } from './navigation';
export { downloadTextFile } from './downloadTextFile';
export { BarChart } from './BarChart';

export type { PageLayoutProps } from './PageLayout';
export type { BarChartProps, BarGroup } from './BarChart';
export type { PagedTableProps, PagedTableColumn, PagedTableSort, PageBlock } from './PagedTable';
export type { ListPageProps, ListPageSearch } from './ListPage';
export type { TextFieldProps } from './TextField';
export type { AutocompletePickerProps, AutocompleteOption } from './AutocompletePicker';
export type { FormErrorProps } from './FormError';
export type { RecoveryCodesProps } from './RecoveryCodes';
export type { FullPageSpinnerProps } from './FullPageSpinner';
export type { RouterErrorPageProps } from './RouterErrorPage';
export type { NotAvailablePageProps, AreaScreen } from './NotAvailablePage';
export type { LocationSnapshot } from './hooks/useLocation';
export type { AreaAppOptions, AreaAppLifecycles } from './areaApp';
