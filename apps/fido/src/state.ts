import { combineEpics } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import type { FidoEpicDependencies } from './epic';
import { createPasskeyEpic, deletePasskeyEpic, listPasskeysEpic, renamePasskeyEpic } from './passkeys/passkeys.epics';
import { passkeysSlice } from './passkeys/passkeys.slice';
import { deleteSyncedEpic, loadSyncedEpic, markSyncedEpic, renameSyncedEpic } from './synced/synced.epics';
import { syncedSlice } from './synced/synced.slice';
import { mfaConfirmEpic, mfaDisableEpic, mfaEnrolEpic, mfaPolicyEpic, mfaRecoveryCodesEpic, mfaResetEpic, mfaStatusEpic } from './mfa/mfa.epics';
import { mfaSlice } from './mfa/mfa.slice';

/** The fido app's slices. */
export const fidoSlices = [passkeysSlice, syncedSlice, mfaSlice] as const;

/** The fido app's epics, as one. */
export const fidoEpic = combineEpics<Action, Action, unknown, FidoEpicDependencies>(
  listPasskeysEpic,
  createPasskeyEpic,
  renamePasskeyEpic,
  deletePasskeyEpic,
  loadSyncedEpic,
  renameSyncedEpic,
  markSyncedEpic,
  deleteSyncedEpic,
  mfaStatusEpic,
  mfaEnrolEpic,
  mfaConfirmEpic,
  mfaDisableEpic,
  mfaRecoveryCodesEpic,
  mfaResetEpic,
  mfaPolicyEpic,
);
