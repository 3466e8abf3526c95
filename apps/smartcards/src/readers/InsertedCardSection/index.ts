export { InsertedCardSection } from './InsertedCardSection';
