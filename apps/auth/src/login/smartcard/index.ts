export { SmartcardSignIn } from './SmartcardSignIn';
export { smartcardSignInSlice } from './smartcardSignIn.slice';
export { detectCardEpic, linkAgentEpic, smartcardSignInEpic, pinQuestionsEpic, pinResetEpic } from './smartcardSignIn.epics';
