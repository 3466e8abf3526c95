export { SponsorEditPage } from './SponsorEditPage';
