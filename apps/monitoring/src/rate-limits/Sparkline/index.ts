export { Sparkline } from './Sparkline';
