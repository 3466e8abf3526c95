import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import type { ApiClient } from '@tessera/api';
import { MESSAGES, type ToastInput } from '@tessera/domain';
import type { Bus } from '@tessera/bus';

/** What the smartcards app's epics use of the store dependencies (`{api, bus, now}`). */
export interface SmartcardsEpicDependencies {
  api: Pick<
    ApiClient,
    | 'listTemporaryPasses'
    | 'temporaryPassAccounts'
    | 'temporaryPassesOfUser'
    | 'temporaryPassAvailability'
    | 'assignPositivePass'
    | 'assignGuestPass'
    | 'returnTemporaryPass'
    | 'misplacedTemporaryPass'
    | 'temporaryPassActivation'
    | 'batchPrintTemporaryPasses'
    | 'smartcardRequest'
    | 'listSmartcardRequests'
    | 'closeSmartcardRequest'
    | 'listCardTemplates'
    | 'listUsers'
    | 'issueCard'
    | 'changeCardPin'
    | 'unblockCard'
    | 'cleanCard'
    | 'listSmartcards'
    | 'getSmartcard'
    | 'revokeCard'
    | 'suspendCard'
    | 'resumeCard'
    | 'reissueCard'
    | 'updateSmartcard'
    | 'updateSmartcardExpiry'
    | 'unregisterCard'
    | 'assignCard'
    | 'unassignCard'
    | 'listApplets'
    | 'addApplet'
    | 'updateApplet'
    | 'deleteApplet'
    | 'batchPrintStatus'
    | 'listBatches'
    | 'changePassphrase'
    | 'resetPinPassphrase'
    | 'temporaryCardConfiguration'
    | 'temporaryCardCandidates'
    | 'issueTemporaryCard'
    | 'issueVsc'
    | 'temporarilyReplacedBy'
    | 'temporarilyReplaces'
    | 'listCloudHsmConfigs'
    | 'addCloudHsmConfig'
    | 'deleteCloudHsmConfig'
    | 'authenticateHsm'
    | 'listSuspendedCards'
    | 'getCardReport'
    | 'listStock'
    | 'stockCounts'
    | 'receiveStock'
    | 'scanInStock'
    | 'moveStock'
    | 'stockNextSerial'
    | 'cardDetails'
    | 'readCertStore'
  >;
  bus: Pick<Bus, 'readers$' | 'runCardStream'> & Partial<Pick<Bus, 'connectReadersStream'>> & { showToast(input: ToastInput): void };
  now: () => number;
}

/** An epic of the smartcards app. */
export type SmartcardsEpic = Epic<Action, Action, unknown, SmartcardsEpicDependencies>;

/** The message of anything an api call rejected with. */
export function errorMessage(error: unknown): string {
  const message = error && typeof error === 'object' ? (error as { message?: unknown }).message : typeof error === 'string' ? error : undefined;
  // A failure that says nothing (a thrown value without a message) is signin §8's 'An unexpected error occurred'.
  return typeof message === 'string' && message.trim() !== '' ? message : MESSAGES.UNEXPECTED_ERROR_TOAST;
}
