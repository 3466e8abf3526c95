export { MetricsPage, formatChange } from './MetricsPage';
