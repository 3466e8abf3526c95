/** Certificates and PKI (admin-console §2.2, §3, §4, §5, §7; issue 12): constants, rules, wire types. */
export * from './constants';
export * from './messages';
export { deriveCaStatus } from './caStatus';
export { addValidity } from './validity';
export { formatCertId, parseCertId } from './certId';
export { sortTemplatesByOrdering } from './templateOrdering';
export { normaliseTemplate, parseCsrRules, keyTypeProblem, validateSeedFile, seedEntryOf, seedEntryChanges, SEED_TEMPLATE_FIELDS } from './validateTemplate';
export type { NormalisedTemplate, TemplateProblem, SeedTemplateEntry } from './validateTemplate';
export type * from './pki.types';
