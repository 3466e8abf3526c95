/** TypeBox schemas of the Certificates-v1 calls (docs/api.md "Endpoints (issue 12)"). */
import { Type } from '@sinclair/typebox';
import { CERTIFICATE_MAX_PAGE_SIZE, CERTIFICATE_SORT_FIELDS, CERTIFICATE_STATUSES, CERTIFICATE_TYPES, REVOKE_REASONS, SAN_TYPES } from '@tessera/domain';
import { Email, MultilineString, Password, SafeString, Uuid } from '../platform/schemas';
import { StringEnum } from '../platform/string-enum';

/** SubmitDeviceCSR / SubmitUserCSR. */
export const SubmitCsrSchema = Type.Object(
  {
    templateId: Uuid(),
    csr: MultilineString({ minLength: 1, maxLength: 100_000 }),
    subject: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Z]{1,16}$' }), SafeString({ maxLength: 256 }))),
    sans: Type.Optional(Type.Array(Type.Object({ sanField: StringEnum(SAN_TYPES), value: SafeString({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false }), { maxItems: 100 })),
    friendlyName: Type.Optional(SafeString({ maxLength: 128 })),
    contactEmail: Type.Optional(Email()),
  },
  { additionalProperties: false },
);
/** `POST SubmitUserKeyRequest`: the CSR fields without the CSR, and the PKCS#12 password. */
export const SubmitKeyRequestSchema = Type.Object(
  {
    templateId: Uuid(),
    subject: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Z]{1,16}$' }), SafeString({ maxLength: 256 }))),
    sans: Type.Optional(Type.Array(Type.Object({ sanField: StringEnum(SAN_TYPES), value: SafeString({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false }), { maxItems: 100 })),
    friendlyName: Type.Optional(SafeString({ maxLength: 128 })),
    contactEmail: Type.Optional(Email()),
    password: Password({ minLength: 8, maxLength: 128 }),
  },
  { additionalProperties: false },
);
/** The request flow's answer. */
export const RequestResultSchema = Type.Object({
  requestId: Type.String(),
  status: Type.String(),
  certTID: Type.Optional(Type.String()),
  certificate: Type.Optional(Type.String()),
  certCN: Type.Optional(Type.String()),
  certID: Type.Optional(Type.String()),
  template: Type.Optional(Type.String()),
  failureCode: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
});
/** `?rid`. */
export const RidQuery = Type.Object({ rid: Uuid() }, { additionalProperties: false });
/** `?tid&ca`. */
export const TidCaQuery = Type.Object({ tid: Uuid(), ca: Uuid() }, { additionalProperties: false });
/** A request status. */
export const RequestStatusSchema = Type.Object({ requestId: Type.String(), status: Type.String(), ca_id: Type.String(), serial_number: Type.Union([Type.String(), Type.Null()]) });

/** SearchCertificates. */
export const SearchSchema = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: CERTIFICATE_MAX_PAGE_SIZE })),
    sortField: Type.Optional(StringEnum(CERTIFICATE_SORT_FIELDS)),
    sortDirection: Type.Optional(StringEnum(['asc', 'desc'] as const)),
    filters: Type.Optional(
      Type.Object(
        {
          status: Type.Optional(Type.Array(StringEnum(CERTIFICATE_STATUSES), { maxItems: CERTIFICATE_STATUSES.length })),
          templateId: Type.Optional(Uuid()),
          caId: Type.Optional(Uuid()),
          subject: Type.Optional(SafeString({ maxLength: 256 })),
          serial: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{1,40}$' })),
          expiresAfter: Type.Optional(Type.String({ format: 'date-time' })),
          expiresBefore: Type.Optional(Type.String({ format: 'date-time' })),
          certificateType: Type.Optional(StringEnum(CERTIFICATE_TYPES)),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
/** A stored certificate (CertificateSummary): search results, uploads. */
export const CertificateSummarySchema = Type.Object({
  certId: Type.String(),
  caId: Type.String(),
  caName: Type.String(),
  serialNumber: Type.String(),
  subject: Type.String(),
  cn: Type.String(),
  status: Type.String(),
  templateId: Type.Union([Type.String(), Type.Null()]),
  template: Type.Union([Type.String(), Type.Null()]),
  class: Type.Union([Type.String(), Type.Null()]),
  validFrom: Type.String(),
  validTo: Type.String(),
  createdAt: Type.String(),
});
/** Its answer. */
export const SearchResultSchema = Type.Object({ totalResults: Type.Integer(), totalCapped: Type.Boolean({ description: 'True when there are more than totalResults (a capped count: up to the end of the block of 10 pages that holds the page asked for).' }), page: Type.Integer(), pageSize: Type.Integer(), results: Type.Array(CertificateSummarySchema) });

/** RevokeCertificate. */
export const RevokeSchema = Type.Object(
  { caId: Uuid(), serialNumber: Type.String({ pattern: '^[0-9a-fA-F]{1,40}$' }), reason: StringEnum(REVOKE_REASONS), comment: Type.Optional(SafeString({ maxLength: 1000 })) },
  { additionalProperties: false },
);
/** Its answer. */
export const RevokeResultSchema = Type.Object({ revocationId: Type.String(), status: Type.String(), certificateIsOnline: Type.Boolean(), failureCode: Type.Optional(Type.String()) });

/** `SubmitUserKeyRequest`'s answer: the request flow's answer and, when complete, the PKCS#12 file once. */
export const KeyRequestResultSchema = Type.Composite([RequestResultSchema, Type.Object({ pkcs12: Type.Optional(Type.String()), fileName: Type.Optional(Type.String()) })]);
