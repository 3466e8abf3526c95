/** TypeBox schemas of the certificate reading calls: Certificate, CertificateInfo, CertificateDownload, Revocations (docs/api.md "Endpoints (issue 12)"). */
import { Type } from '@sinclair/typebox';
import { CERTIFICATE_FORMATS, REVOCATION_SORT_FIELDS, REVOCATION_STATES } from '@tessera/domain';
import { SafeString } from '../platform/schemas';
import { StringEnum } from '../platform/string-enum';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const CertId = Type.String({ minLength: 3, maxLength: 120, pattern: '^[0-9A-Za-z-]+:[0-9A-Fa-f]{1,40}$', description: '{caId}:{serial hex}' });

/** `?certId`. */
export const CertIdQuery = Type.Object({ certId: CertId }, { additionalProperties: false });
/** `?certId&format`. */
export const DownloadQuery = Type.Object({ certId: CertId, format: StringEnum(CERTIFICATE_FORMATS) }, { additionalProperties: false });

const LintFinding = Type.Object({ ruleId: Type.String(), severity: Type.String(), citation: Type.String(), message: Type.String() });

/** CertificateDetails (admin-console §3 certificate details, plus chain and lint). */
export const CertificateDetailsSchema = Type.Object({
  certId: Type.String(),
  csr: Nullable(Type.String()),
  caName: Type.String(),
  template: Nullable(Type.String()),
  certificate: Type.String(),
  serialNumber: Type.String(),
  status: Type.String(),
  friendly_name: Nullable(Type.String()),
  server: Nullable(Type.String()),
  function: Nullable(Type.String()),
  vendor: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
  ca_id: Type.String(),
  ca_owner: Type.String(),
  name: Type.String(),
  ca_certificate: Type.String(),
  crl_location: Type.String(),
  ocsp_enabled: Type.Boolean(),
  certificate_logon_ca: Type.Boolean(),
  tenant_id: Type.String(),
  csr_id: Nullable(Type.String()),
  class: Nullable(Type.String()),
  email: Nullable(Type.String()),
  device_id: Nullable(Type.String()),
  subject: Type.String(),
  version: Type.Integer(),
  valid_from: Type.String(),
  valid_to: Type.String(),
  template_id: Nullable(Type.String()),
  key_usage: Type.Array(Type.String()),
  eku: Type.Array(Type.String()),
  signature_algorithm: Type.String(),
  cert_base64: Type.String(),
  contact_email: Nullable(Type.String()),
  revocation_reason: Nullable(Type.String()),
  revocation_date: Nullable(Type.String()),
  eku_oid: Type.Array(Type.String()),
  card_serial: Nullable(Type.String()),
  chain: Type.Array(Type.String()),
  lint: Type.Array(LintFinding),
});

/** CertificateInfo (admin-console §3 certificate info). */
export const CertificateInfoSchema = Type.Object({
  cn: Type.String(),
  dn: Type.String(),
  certificate: Type.String(),
  associatedUser: Type.Union([Type.Object({ id: Type.String(), username: Type.String() }), Type.Null()]),
  associatedDevice: Type.Union([Type.Object({ device_oid: Type.String(), hostname: Type.String(), serial_number: Type.String() }), Type.Null()]),
  associatedSmartcardDetails: Type.Union([Type.Object({ card_serial: Type.String() }), Type.Null()]),
});

/** A downloaded file. */
export const CertificateFileSchema = Type.Object({ fileName: Type.String(), contentType: Type.String(), data: Type.String({ description: 'base64' }) });

/** `GET Revocations` query. */
export const RevocationsQuerySchema = Type.Object(
  {
    /** One state or several, comma-separated. */
    state: Type.Optional(Type.String({ pattern: `^(${REVOCATION_STATES.join('|')})(,(${REVOCATION_STATES.join('|')}))*$`, maxLength: 200 })),
    /** Only the revocations of this certificate (`{caId}:{serial}`). */
    certId: Type.Optional(SafeString({ maxLength: 200 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    search: Type.Optional(SafeString({ maxLength: 256 })),
    sortField: Type.Optional(StringEnum(REVOCATION_SORT_FIELDS)),
    sortDirection: Type.Optional(StringEnum(['asc', 'desc'] as const)),
  },
  { additionalProperties: false },
);
/** Its answer. */
export const RevocationsSchema = Type.Object({
  totalResults: Type.Integer(),
  results: Type.Array(
    Type.Object({
      revocationId: Type.String(),
      certId: Type.String(),
      caId: Type.String(),
      serialNumber: Type.String(),
      subject: Type.String(),
      reason: Type.String(),
      state: Type.String(),
      requestedBy: Nullable(Type.String()),
      requestedAt: Type.String(),
      revokedAt: Nullable(Type.String()),
      failureCode: Nullable(Type.String()),
    }),
  ),
});
