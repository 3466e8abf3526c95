/** Certificates and PKI (admin-console §2.2, §3, §4, §5, §7; issue 12): constants, rules, wire types. */
export * from './constants';
export * from './messages';
export { deriveCaStatus } from './caStatus';
export { addValidity } from './validity';
export { formatOtherName, parseHardwareModuleName, parseOtherName, sanValueProblem, HARDWARE_MODULE_NAME_OID, HARDWARE_SERIAL_MAX_BYTES, OTHER_NAME_MAX_LENGTH, OTHER_NAME_TYPES } from './sanValue';
export type { HardwareModuleNameValue, OtherNameValue } from './sanValue';
export { formatCertId, parseCertId } from './certId';
export { sortTemplatesByOrdering } from './templateOrdering';
export { normaliseTemplate, parseCsrRules, keyTypeProblem, validateSeedFile, seedEntryOf, seedEntryChanges, SEED_TEMPLATE_FIELDS } from './validateTemplate';
export type { NormalisedTemplate, TemplateProblem, SeedTemplateEntry } from './validateTemplate';
export type * from './pki.types';
