export { RetrieveScepChallengePage } from './RetrieveScepChallengePage';
