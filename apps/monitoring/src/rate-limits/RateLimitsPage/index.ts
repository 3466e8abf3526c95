export { RateLimitsPage } from './RateLimitsPage';
