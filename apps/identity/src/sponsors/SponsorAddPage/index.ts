export { SponsorAddPage } from './SponsorAddPage';
