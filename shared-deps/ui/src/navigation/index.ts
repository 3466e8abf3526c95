export { followLink, navigate } from './followLink';
