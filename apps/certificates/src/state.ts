import { combineEpics } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import type { CertificatesEpicDependencies } from './epic';
import { decodeEpic } from './decode/decode.epics';
import { decodeSlice } from './decode/decode.slice';
import { listTemplatesEpic, saveOrderEpic } from './templates/templateOrder.epics';
import { templateOrderSlice } from './templates/templateOrder.slice';
import { csrTemplatesEpic, submitCsrEpic } from './csr/csr.epics';
import { csrSlice } from './csr/csr.slice';
import { downloadCertificateEpic, loadCertificateEpic, loadCertificateEndpointsEpic, loadCertificateInfoEpic, revokeCertificateEpic } from './view/certificate.epics';
import { certificateSlice } from './view/certificate.slice';
import { revocationsPageEpic } from './revocations/revocations.epics';
import { revocationsSlice } from './revocations/revocations.slice';
import { approvalsDecideEpic, approvalsListEpic } from './approvals/approvals.epics';
import { approvalsSlice } from './approvals/approvals.slice';
import { pendingRevocationsActEpic, pendingRevocationsListEpic } from './pendingRevocations/pendingRevocations.epics';
import { pendingRevocationsSlice } from './pendingRevocations/pendingRevocations.slice';
import { uploadCertificateEpic } from './upload/upload.epics';
import { uploadSlice } from './upload/upload.slice';
import { keyRequestTemplatesEpic, submitKeyRequestEpic } from './keyRequest/keyRequest.epics';
import { keyRequestSlice } from './keyRequest/keyRequest.slice';

/** The certificates app's slices. */
export const certificatesSlices = [decodeSlice, templateOrderSlice, csrSlice, certificateSlice, revocationsSlice, approvalsSlice, pendingRevocationsSlice, uploadSlice, keyRequestSlice, scepSlice, leUploadSlice] as const;
import { scepCreateEpic, scepPageEpic, scepRetrieveEpic } from './scep/scep.epics';
import { scepSlice } from './scep/scep.slice';
import { leUploadDomainsEpic, leUploadStartEpic } from './le-upload/leUpload.epics';
import { leUploadSlice } from './le-upload/leUpload.slice';

/** The certificates app's epics, as one. */
export const certificatesEpic = combineEpics<Action, Action, unknown, CertificatesEpicDependencies>(
  decodeEpic,
  listTemplatesEpic,
  saveOrderEpic,
  csrTemplatesEpic,
  submitCsrEpic,
  loadCertificateEpic,
  loadCertificateInfoEpic,
  loadCertificateEndpointsEpic,
  downloadCertificateEpic,
  revokeCertificateEpic,
  revocationsPageEpic,
  approvalsListEpic,
  approvalsDecideEpic,
  pendingRevocationsListEpic,
  pendingRevocationsActEpic,
  uploadCertificateEpic,
  keyRequestTemplatesEpic,
  submitKeyRequestEpic,
  scepPageEpic,
  scepCreateEpic,
  scepRetrieveEpic,
  leUploadDomainsEpic,
  leUploadStartEpic,
);
