import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import type { ApiClient } from '@tessera/api';
import type { Bus } from '@tessera/bus';

/** The server calls the identity screens make (users, roles, organisations). */
export const IDENTITY_CALLS = [
  'listUsers',
  'getUser',
  'createUser',
  'updateUser',
  'deleteUser',
  'setUserPhoto',
  'getUserPhoto',
  'deleteUserPhoto',
  'listSponsors',
  'getSponsor',
  'createSponsor',
  'updateSponsor',
  'sponsoredUsers',
  'decideSponsoredUser',
  'listRoles',
  'getRole',
  'createRole',
  'updateRole',
  'listOrganisations',
  'getOrganisation',
  'createOrganisation',
  'updateOrganisation',
  'organisationTypes',
  'organisationParents',
  'organisationTree',
  'getOrganisationPermissions',
  'setOrganisationPermissions',
  'verifyBusinessNumber',
  'importUsers',
  'listDevices',
  'getDevice',
  'createDevice',
  'updateDevice',
  'cloneDevice',
  'batchDevices',
  'listSubnets',
  'createSubnet',
  'deleteSubnet',
  'subnetIps',
  'listDeviceEndpoints',
  'createDeviceEndpoint',
  'deleteDeviceEndpoint',
  'scanDeviceEndpoint',
  'deviceEndpointMap',
  'getVisit',
  'listLocales',
  'createLocale',
  'renameLocale',
  'deleteLocale',
  'searchTypes',
  'search',
  'getFavourites',
  'setFavourites',
  'removeFavourite',
  'directoryConnection',
  'ldapSync',
] as const satisfies readonly (keyof ApiClient)[];

/** One of {@link IDENTITY_CALLS}. */
export type IdentityCall = (typeof IDENTITY_CALLS)[number];

/** What the identity app's epics use of the store dependencies. */
export interface IdentityEpicDependencies {
  api: Pick<ApiClient, IdentityCall>;
  bus: Pick<Bus, 'showToast'>;
}

/** An epic of the identity app. */
export type IdentityEpic = Epic<Action, Action, unknown, IdentityEpicDependencies>;
