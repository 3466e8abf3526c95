import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import type { ApiClient } from '@tessera/api';
import type { Bus } from '@tessera/bus';

/** What the config app's epics use of the store dependencies. */
export interface ConfigEpicDependencies {
  api: Pick<
    ApiClient,
    | 'tenancyConfig'
    | 'updateTenancyConfig'
    | 'listCardTemplates'
    | 'createCardTemplate'
    | 'getCardTemplate'
    | 'updateCardTemplate'
    | 'getCardLayout'
    | 'saveCardLayout'
    | 'cardLayoutCompressedUserData'
    | 'printerListPrinters'
    | 'printerInsertCard'
    | 'printerEjectCard'
    | 'printerCardPrint'
    | 'listUsers'
    | 'getIntuneScepConfig'
    | 'saveIntuneScepConfig'
    | 'listCertificateTemplates'
    | 'listAcmeConfigurations'
    | 'setAcmeConfiguration'
    | 'createAcmeEabKey'
    | 'listAcmeOrders'
    | 'listAllowedDomains'
    | 'addAllowedDomain'
    | 'deleteAllowedDomain'
  >;
  bus: Pick<Bus, 'showToast' | 'getSessionState' | 'signedIn'>;
  now: () => number;
}

/** An epic of the config app. */
export type ConfigEpic = Epic<Action, Action, unknown, ConfigEpicDependencies>;
