import { combineEpics } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import type { ConfigEpicDependencies } from './epic';
import { loadTenancyConfigEpic, saveTenancyConfigEpic } from './tenancy/tenancyConfig.epics';
import { tenancyConfigSlice } from './tenancy/tenancyConfig.slice';
import { cardLayoutsSlice } from './smartcard/cardLayouts.slice';
import { createCardTemplateEpic, loadCardTemplateEpic, loadCardTemplatesEpic, loadCertificateTemplateNamesEpic, loadLayoutEpic, updateCardTemplateEpic, loadPrintersEpic, previewEpic, printerEpic, saveLayoutEpic } from './smartcard/cardLayouts.epics';
import { loadIntuneScepEpic, saveIntuneScepEpic } from './scep/intuneScep.epics';
import { intuneScepSlice } from './scep/intuneScep.slice';
import { acmeConfigSlice } from './acme/acmeConfig.slice';
import { allowedDomainsSlice } from './domains/allowedDomains.slice';
import { addAllowedDomainEpic, deleteAllowedDomainEpic, loadAllowedDomainsEpic } from './domains/allowedDomains.epics';
import { createEabKeyEpic, loadAcmeConfigEpic, loadAcmeConfigurationsEpic, loadAcmeOrdersEpic, saveAcmeConfigurationEpic } from './acme/acmeConfig.epics';

/** The config app's slices. */
export const configSlices = [tenancyConfigSlice, cardLayoutsSlice, intuneScepSlice, acmeConfigSlice, allowedDomainsSlice] as const;

/** The config app's epics, as one. */
export const configEpic = combineEpics<Action, Action, unknown, ConfigEpicDependencies>(
  loadTenancyConfigEpic,
  saveTenancyConfigEpic,
  loadCardTemplatesEpic,
  createCardTemplateEpic,
  loadCardTemplateEpic,
  loadCertificateTemplateNamesEpic,
  updateCardTemplateEpic,
  loadLayoutEpic,
  loadPrintersEpic,
  previewEpic,
  saveLayoutEpic,
  printerEpic,
  loadIntuneScepEpic,
  saveIntuneScepEpic,
  loadAcmeConfigEpic,
  loadAcmeConfigurationsEpic,
  loadAcmeOrdersEpic,
  saveAcmeConfigurationEpic,
  createEabKeyEpic,
  loadAllowedDomainsEpic,
  addAllowedDomainEpic,
  deleteAllowedDomainEpic,
);
