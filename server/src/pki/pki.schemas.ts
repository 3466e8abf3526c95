/** TypeBox schemas of the PKI-v1 calls (docs/api.md "Endpoints (issue 12)"). */
import { Type } from '@sinclair/typebox';
import {
  CA_KEY_ALGORITHMS,
  CA_STATUSES,
  EXTENDED_KEY_USAGE_NAMES,
  KEY_TYPES,
  KEY_USAGES,
  RENEWAL_MODES,
  SAN_TYPES,
  TEMPLATE_ACCESS_LEVELS,
  TEMPLATE_CLASSES,
  TEMPLATE_LIMITS,
  VALIDITY_UNITS,
} from '@tessera/domain';
import { MultilineString, SafeString, Uuid } from '../platform/schemas';
import { StringEnum } from '../platform/string-enum';

const Name = SafeString({ minLength: 1, maxLength: 128 });
const Pem = MultilineString({ minLength: 1, maxLength: 200_000 });

/** `?id`. */
export const IdQuery = Type.Object({ id: Uuid() }, { additionalProperties: false });

const LicensedTemplate = Type.Object({ licensedTemplateId: SafeString({ minLength: 1, maxLength: 128 }), enabled: Type.Boolean(), anonymousEnabled: Type.Boolean(), selfServiceEligible: Type.Boolean() }, { additionalProperties: false });
const LicensedTenant = Type.Object({ tenantId: Uuid(), enabled: Type.Boolean() }, { additionalProperties: false });

/** A CA. */
export const CaSchema = Type.Object({
  id: Type.String(),
  friendlyName: Type.String(),
  status: StringEnum(CA_STATUSES),
  caCert: Type.Object({ notBefore: Type.String(), notAfter: Type.String(), subject: Type.String(), serialNumber: Type.String(), pem: Type.String() }),
  parentId: Type.Union([Type.String(), Type.Null()]),
  keyAlgorithm: Type.String(),
  keyStore: Type.String(),
  imported: Type.Boolean(),
  crlLocation: Type.String(),
  ocspLocation: Type.String(),
  licensedTemplates: Type.Array(LicensedTemplate),
  licensedTenants: Type.Array(LicensedTenant),
  createdAt: Type.String(),
});
/** GET CertificateAuthorities. */
export const CasSchema = Type.Object({ cas: Type.Array(CaSchema) });

/** POST CertificateAuthority. */
export const CreateCaSchema = Type.Object(
  {
    friendlyName: Name,
    keyAlgorithm: StringEnum(CA_KEY_ALGORITHMS),
    subject: Type.Optional(SafeString({ minLength: 3, maxLength: 1000 })),
    parentId: Type.Optional(Uuid()),
    validityPeriod: Type.Optional(Type.Integer({ minimum: 1, maximum: TEMPLATE_LIMITS.maxValidityPeriod })),
    validityPeriodUnits: Type.Optional(StringEnum(VALIDITY_UNITS)),
  },
  { additionalProperties: false },
);
/** POST ImportCertificateAuthority. */
export const ImportCaSchema = Type.Object({ friendlyName: Name, certificatePem: Pem, privateKeyPem: Pem, parentId: Type.Optional(Uuid()) }, { additionalProperties: false });
/** PUT CertificateAuthorityLicensing. */
export const CaLicensingSchema = Type.Object(
  { id: Uuid(), licensedTemplates: Type.Array(LicensedTemplate, { maxItems: 1000 }), licensedTenants: Type.Array(LicensedTenant, { maxItems: 1000 }) },
  { additionalProperties: false },
);

const templateFields = {
  templateName: SafeString({ minLength: 1, maxLength: TEMPLATE_LIMITS.nameMaxLength }),
  class: StringEnum(TEMPLATE_CLASSES),
  caId: Uuid(),
  rawName: Type.Optional(SafeString({ maxLength: TEMPLATE_LIMITS.nameMaxLength })),
  licensedTemplateId: Type.Optional(Type.Union([SafeString({ maxLength: 128 }), Type.Null()])),
  keyTypes: Type.Array(StringEnum(KEY_TYPES), { minItems: 1, maxItems: KEY_TYPES.length }),
  minRsaBits: Type.Optional(Type.Integer()),
  validityPeriod: Type.Integer(),
  validityPeriodUnits: Type.Optional(StringEnum(VALIDITY_UNITS)),
  keyUsages: Type.Optional(Type.Array(StringEnum(KEY_USAGES), { maxItems: KEY_USAGES.length })),
  extendedKeyUsages: Type.Optional(Type.Array(StringEnum(EXTENDED_KEY_USAGE_NAMES), { maxItems: EXTENDED_KEY_USAGE_NAMES.length })),
  certificateSubjects: Type.Optional(Type.Array(Type.Object({ subjectField: SafeString({ maxLength: 32 }), fieldValue: SafeString({ maxLength: 256 }) }, { additionalProperties: false }), { maxItems: TEMPLATE_LIMITS.maxSubjects })),
  certificateSans: Type.Optional(Type.Array(Type.Object({ sanField: StringEnum(SAN_TYPES), fieldValue: Type.Optional(SafeString({ maxLength: 256 })) }, { additionalProperties: false }), { maxItems: TEMPLATE_LIMITS.maxSans })),
  ignoreCsrDetails: Type.Optional(Type.Boolean()),
  renewalMode: Type.Optional(StringEnum(RENEWAL_MODES)),
  rawCsrRules: Type.Optional(MultilineString({ maxLength: TEMPLATE_LIMITS.csrRulesMaxLength })),
  approvalRequired: Type.Optional(Type.Boolean()),
  revocationApprovalRequired: Type.Optional(Type.Boolean()),
  selfServiceEligible: Type.Optional(Type.Boolean()),
  serverKeyGeneration: Type.Optional(Type.Boolean()),
  accessLevel: Type.Optional(StringEnum(TEMPLATE_ACCESS_LEVELS)),
  expiry: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
};
/** POST CertificateTemplate. */
export const CreateTemplateSchema = Type.Object(templateFields, { additionalProperties: false });
/** PUT CertificateTemplate. */
export const UpdateTemplateSchema = Type.Object({ templateId: Uuid(), ...templateFields }, { additionalProperties: false });
/** DELETE CertificateTemplate. */
export const DeleteTemplateSchema = Type.Object({ templateId: Uuid() }, { additionalProperties: false });

/** A template as answered. */
export const TemplateSchema = Type.Object({
  templateId: Type.String(),
  templateName: Type.String(),
  class: Type.String(),
  caId: Type.String(),
  caName: Type.String(),
  rawName: Type.String(),
  licensedTemplateId: Type.Union([Type.String(), Type.Null()]),
  keyTypes: Type.Array(Type.String()),
  minRsaBits: Type.Integer(),
  validityPeriod: Type.Integer(),
  validityPeriodUnits: Type.String(),
  keyUsages: Type.Array(Type.String()),
  extendedKeyUsages: Type.Array(Type.String()),
  certificateSubjects: Type.Array(Type.Object({ subjectField: Type.String(), fieldValue: Type.String() })),
  certificateSans: Type.Array(Type.Object({ sanField: Type.String(), fieldValue: Type.String() })),
  ignoreCsrDetails: Type.Boolean(),
  renewalMode: Type.String(),
  rawCsrRules: Type.String(),
  csrRules: Type.Record(Type.String(), Type.Unknown()),
  approvalRequired: Type.Boolean(),
  revocationApprovalRequired: Type.Boolean(),
  selfServiceEligible: Type.Boolean(),
  serverKeyGeneration: Type.Boolean(),
  accessLevel: Type.String(),
  expiry: Type.Union([Type.String(), Type.Null()]),
  priority: Type.Union([Type.Integer(), Type.Null()]),
  algorithm: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
/** GET CertificateTemplates. */
export const TemplatesSchema = Type.Object({ templates: Type.Array(TemplateSchema) });

/** Template ordering (GET answer and PUT body). */
export const OrderingSchema = Type.Object(
  { ordering: Type.Array(Type.Object({ templateId: Uuid(), uiOrdering: Type.Integer({ minimum: 0, maximum: 1_000_000 }) }, { additionalProperties: false }), { maxItems: 10_000 }) },
  { additionalProperties: false },
);
/** GET DnsNamePattern. */
export const DnsPatternSchema = Type.Object({ pattern: Type.String() });

const { caId: _caId, ...seedTemplateFields } = templateFields;
/** POST SeedTemplates: the seed file's entries (admin-console §3 names, the CA by name), dryRun, prune. */
export const SeedTemplatesSchema = Type.Object(
  {
    templates: Type.Array(Type.Object({ ...seedTemplateFields, caName: SafeString({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false }), { maxItems: 1000 }),
    dryRun: Type.Optional(Type.Boolean()),
    prune: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const Change = Type.Object({
  templateName: Type.String(),
  action: StringEnum(['create', 'update', 'delete', 'unchanged'] as const),
  fields: Type.Array(Type.Object({ field: Type.String(), from: Type.Unknown(), to: Type.Unknown() })),
});
/** Its answer. */
export const SeedTemplatesResultSchema = Type.Object({ applied: Type.Boolean(), changes: Type.Array(Change) });
