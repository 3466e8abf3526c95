export { TemporaryCardsSection } from './TemporaryCardsSection';
