export { TemporaryPassesPage, todayIso } from './TemporaryPassesPage';
