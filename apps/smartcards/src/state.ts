import { combineEpics } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import type { SmartcardsEpicDependencies } from './epic';
import { closeRequestEpic, openRequestsEpic, smartcardRequestEpic } from './smartcard-request/smartcardRequest.epics';
import { smartcardRequestSlice } from './smartcard-request/smartcardRequest.slice';
import { availabilityEpic, loadPassesEpic, passWritesEpic, userPassesEpic } from './temporary-passes/temporaryPasses.epics';
import { temporaryPassesSlice } from './temporary-passes/temporaryPasses.slice';
import { cardsEpic } from './cards/cards.epics';
import { cardsSlice } from './cards/cards.slice';
import { temporaryCardsEpic } from './temporary-cards/temporaryCards.epics';
import { temporaryCardsSlice } from './temporary-cards/temporaryCards.slice';
import { cloudHsmEpic } from './cloud-hsm/cloudHsm.epics';
import { cloudHsmSlice } from './cloud-hsm/cloudHsm.slice';
import { suspensionsResumeEpic, suspensionsListEpic } from './suspensions/suspensions.epics';
import { suspensionsSlice } from './suspensions/suspensions.slice';
import { stockSlice } from './stock/stock.slice';
import { stockCountsEpic, stockListEpic, stockMoveEpic, stockNextSerialEpic, stockReceiveEpic, stockScanInEpic } from './stock/stock.epics';
import { cardReportEpic } from './reports/cardReport.epics';
import { cardReportSlice } from './reports/cardReport.slice';
import { insertedCardEpic } from './readers/insertedCard.epics';
import { insertedCardSlice } from './readers/insertedCard.slice';

/** The smartcards app's slices. */
export const smartcardsSlices = [temporaryPassesSlice, smartcardRequestSlice, cardsSlice, appletsSlice, batchStatusSlice, temporaryCardsSlice, cloudHsmSlice, suspensionsSlice, cardReportSlice, insertedCardSlice, stockSlice] as const;
import { appletWritesEpic, loadAppletsEpic } from './applets/applets.epics';
import { appletsSlice } from './applets/applets.slice';
import { batchListEpic, batchStatusEpic } from './batches/batches.epics';
import { batchStatusSlice } from './batches/batches.slice';

/** The smartcards app's epics, as one. */
export const smartcardsEpic = combineEpics<Action, Action, unknown, SmartcardsEpicDependencies>(
  loadPassesEpic,
  availabilityEpic,
  userPassesEpic,
  passWritesEpic,
  smartcardRequestEpic,
  openRequestsEpic,
  closeRequestEpic,
  cardsEpic,
  loadAppletsEpic,
  appletWritesEpic,
  batchStatusEpic,
  batchListEpic,
  temporaryCardsEpic,
  cloudHsmEpic,
  suspensionsListEpic,
  suspensionsResumeEpic,
  stockListEpic,
  stockCountsEpic,
  stockReceiveEpic,
  stockScanInEpic,
  stockMoveEpic,
  stockNextSerialEpic,
  cardReportEpic,
  insertedCardEpic,
);
