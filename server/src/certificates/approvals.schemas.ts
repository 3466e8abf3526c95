/** TypeBox schemas of the approval and upload calls (docs/api.md "Endpoints (issue 12)"). */
import { Type } from '@sinclair/typebox';
import { CERTIFICATE_STATUSES } from '@tessera/domain';
import { SafeString, Uuid } from '../platform/schemas';
import { StringEnum } from '../platform/string-enum';
import { UPLOAD_BODY_LIMIT_BYTES } from '../platform/body-limits';
import { SubmitCsrSchema } from './certificates.schemas';

/** `?status` of CertificateRequests (default under_submission). */
export const RequestsQuery = Type.Object({ status: Type.Optional(StringEnum(CERTIFICATE_STATUSES)) }, { additionalProperties: false });
/** A request awaiting approval as the approvals screen lists it. */
export const RequestsResultSchema = Type.Object({
  requests: Type.Array(
    Type.Object({ requestId: Type.String(), templateId: Type.String(), template: Type.String(), caId: Type.String(), subject: Type.String(), status: Type.String(), requestedBy: Type.Union([Type.String(), Type.Null()]), createdAt: Type.String() }),
  ),
});
/** ApproveCertificateRequest. */
export const ApproveRequestSchema = Type.Object({ requestId: Uuid(), approve: Type.Boolean(), reason: Type.Optional(SafeString({ maxLength: 512 })) }, { additionalProperties: false });

/** ApproveRevocation. */
export const ApproveRevocationSchema = Type.Object({ revocationId: Uuid(), approve: Type.Boolean() }, { additionalProperties: false });
/** Its answer (admin-console §4: approval returns a complete flag). */
export const ApproveRevocationResultSchema = Type.Object({ complete: Type.Boolean() });
/** CancelRevocation. */
export const CancelRevocationSchema = Type.Object({ revocationId: Uuid() }, { additionalProperties: false });

/** UploadCertificate: a PEM or base64 DER certificate (a file of up to 10 MB: an upload route). */
export const UploadCertificateSchema = Type.Object(
  { certificate: Type.String({ minLength: 1, maxLength: UPLOAD_BODY_LIMIT_BYTES, description: 'PEM text or base64 DER' }), friendlyName: Type.Optional(SafeString({ maxLength: 128 })) },
  { additionalProperties: false },
);

/** AnonymousCertificateRequest: a SubmitDeviceCSR body and the CA. */
export const AnonymousCsrSchema = Type.Object({ ...SubmitCsrSchema.properties, caId: Uuid() }, { additionalProperties: false });
