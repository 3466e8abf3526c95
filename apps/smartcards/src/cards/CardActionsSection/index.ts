export { CardActionsSection } from './CardActionsSection';
