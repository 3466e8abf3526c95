export { ResetQuestionsPage } from './ResetQuestionsPage';
export type { ResetQuestionsPageProps } from './ResetQuestionsPage';
