/**
 * Card templates (issue 15; signin §3 "Card template: cardTemplateId", §7 `CardTemplates?tenancy`): which
 * certificate template is issued into which PIV slot, the key type the card generates there, and the PIN
 * rules of the cards issued with it. The server (every template body, the seed call) and the CLI
 * (`tessera card-templates seed`) check with these functions, so both refuse with the same field and text.
 */
import { SMARTCARD_MESSAGES as MESSAGES } from '../messages';
import { validatePinPolicy } from '../validatePinPolicy';

/**
 * The PIV key slots a card template may fill (SP 800-73-4 Part 1 §3.1): 9A PIV Authentication, 9C Digital
 * Signature, 9D Key Management, 9E Card Authentication.
 */
export const PIV_SLOTS = ['9A', '9C', '9D', '9E'] as const;
/** A PIV key slot by its hex key reference. */
export type PivSlotName = (typeof PIV_SLOTS)[number];

/** What each slot is for (SP 800-73-4 Part 1 §3.1). */
export const PIV_SLOT_LABELS: Readonly<Record<PivSlotName, string>> = Object.freeze({
  '9A': 'PIV Authentication',
  '9C': 'Digital Signature',
  '9D': 'Key Management',
  '9E': 'Card Authentication',
});

/** Key pairs a PIV card generates on the card (SP 800-78-4 Table 3-1 algorithms 07, 11, 14). */
export const CARD_KEY_TYPES = ['P-256', 'P-384', 'RSA-2048'] as const;
/** A key type of a card slot. */
export type CardKeyType = (typeof CARD_KEY_TYPES)[number];

/** The certificate template key family (admin-console §5 keyTypes) a card key type belongs to. */
export const CARD_KEY_FAMILY: Readonly<Record<CardKeyType, 'EC_NIST' | 'RSA'>> = Object.freeze({ 'P-256': 'EC_NIST', 'P-384': 'EC_NIST', 'RSA-2048': 'RSA' });

/**
 * Limits of a card template (designed): a name of 1 to 100 characters; the PIN and PUK retry counters a PIV
 * card keeps (1 to 15; 3 and 3 by default, as PIV cards ship); a seed file of at most 100 templates.
 */
export const CARD_TEMPLATE_LIMITS = Object.freeze({
  nameMaxLength: 100,
  certificateTemplateMaxLength: 200,
  retriesMin: 1,
  retriesMax: 15,
  defaultPinRetries: 3,
  defaultPukRetries: 3,
  seedMaxTemplates: 100,
} as const);

/** One slot of a card template as sent. */
export interface CardTemplateSlotInput {
  slot: string;
  /** The certificate template issued into the slot, by name. */
  certificateTemplate: string;
  keyType: string;
}

/** The PIN rules of a card template as sent; absent, the tenant's PIN policy applies. */
export interface CardTemplatePinInput {
  minLength: number | string;
  maxLength: number | string;
  digitsOnly: boolean;
  /** Wrong PINs before the card blocks (default 3). */
  pinRetries?: number;
  /** Wrong PUKs before the card is blocked for good (default 3). */
  pukRetries?: number;
}

/** A card template as sent (API body and one entry of a seed file). */
export interface CardTemplateInput {
  name: string;
  slots: CardTemplateSlotInput[];
  pin?: CardTemplatePinInput | null;
}

/** One slot of a checked card template. */
export interface CardTemplateSlot {
  slot: PivSlotName;
  certificateTemplate: string;
  keyType: CardKeyType;
}

/** The PIN rules of a checked card template. */
export interface CardTemplatePin {
  minLength: number;
  maxLength: number;
  digitsOnly: boolean;
  pinRetries: number;
  pukRetries: number;
}

/** A checked card template: slots in PIV order, the PIN rules or null (the tenant's policy). */
export interface NormalisedCardTemplate {
  name: string;
  slots: CardTemplateSlot[];
  pin: CardTemplatePin | null;
}

/** A card template as the server answers it (`CardTemplates?tenancy`, `CardTemplate/{id}`). */
export interface CardTemplate {
  cardTemplateId: string;
  name: string;
  /** In PIV order; `certificateTemplate` is null when the certificate template has since been deleted. */
  slots: { slot: PivSlotName; certificateTemplateId: string; certificateTemplate: string | null; keyType: CardKeyType }[];
  /** The template's own PIN rules, or null (the tenant's PIN policy applies). */
  pin: CardTemplatePin | null;
  /** The PIN requirements of cards issued with it (the template's, else the tenant policy's), as GetPinRequirements answers them. */
  pinRequirements: { minLength: number; maxLength: number; digitsOnly: boolean; description: string };
  createdAt: string;
  updatedAt: string;
}

/** The answer of a seed: template names by what happened to them (a second run of the same file changes nothing). */
export interface CardTemplateSeedResult {
  created: string[];
  updated: string[];
  unchanged: string[];
}

/** A refused field (dotted path, e.g. `slots[1].keyType`) and what is wrong with it. */
export interface CardTemplateProblem {
  field: string;
  message: string;
}

/** The outcome of a check: the checked value, or the first refused field. */
export type CardTemplateCheck<T> = { ok: true; value: T } | { ok: false; problem: CardTemplateProblem };

const CONTROL = /[\u0000-\u001f\u007f]/;
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const fail = (field: string, message: string): { ok: false; problem: CardTemplateProblem } => ({ ok: false, problem: { field, message } });

function retries(value: unknown, fallback: number): number | null {
  if (value === undefined || value === null) return fallback;
  return typeof value === 'number' && Number.isInteger(value) && value >= CARD_TEMPLATE_LIMITS.retriesMin && value <= CARD_TEMPLATE_LIMITS.retriesMax ? value : null;
}

/** Checks the PIN rules of a template: what a PIV card can hold (6–8 bytes, SP 800-73-4), retry counters 1–15. */
function checkPin(pin: unknown): CardTemplateCheck<CardTemplatePin | null> {
  if (pin === undefined || pin === null) return { ok: true, value: null };
  if (!isRecord(pin)) return fail('pin', MESSAGES.CARD_TEMPLATE_PIN_INVALID);
  if (typeof pin.minLength !== 'number' && typeof pin.minLength !== 'string') return fail('pin.minLength', MESSAGES.PIN_POLICY_LENGTH_RANGE);
  if (typeof pin.maxLength !== 'number' && typeof pin.maxLength !== 'string') return fail('pin.maxLength', MESSAGES.PIN_POLICY_LENGTH_RANGE);
  const errors = validatePinPolicy({ minLength: pin.minLength, maxLength: pin.maxLength });
  if (errors.minLength) return fail('pin.minLength', errors.minLength);
  if (errors.maxLength) return fail('pin.maxLength', errors.maxLength);
  if (typeof pin.digitsOnly !== 'boolean') return fail('pin.digitsOnly', MESSAGES.CARD_TEMPLATE_DIGITS_ONLY);
  const pinRetries = retries(pin.pinRetries, CARD_TEMPLATE_LIMITS.defaultPinRetries);
  if (pinRetries === null) return fail('pin.pinRetries', MESSAGES.CARD_TEMPLATE_RETRIES_RANGE);
  const pukRetries = retries(pin.pukRetries, CARD_TEMPLATE_LIMITS.defaultPukRetries);
  if (pukRetries === null) return fail('pin.pukRetries', MESSAGES.CARD_TEMPLATE_RETRIES_RANGE);
  return { ok: true, value: { minLength: Number(pin.minLength), maxLength: Number(pin.maxLength), digitsOnly: pin.digitsOnly, pinRetries, pukRetries } };
}

/**
 * Checks a card template and applies its defaults: a single-line name of 1 to 100 characters; one to four
 * slots, each a PIV slot at most once, with a certificate template name and a key type the card generates;
 * PIN rules a PIV card can meet or none. The first problem is answered with its field named. Whether the
 * certificate templates exist (and allow the key type) is the server's check.
 */
export function validateCardTemplate(input: unknown): CardTemplateCheck<NormalisedCardTemplate> {
  if (!isRecord(input)) return fail('name', MESSAGES.CARD_TEMPLATE_NAME_INVALID);
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name || name.length > CARD_TEMPLATE_LIMITS.nameMaxLength || CONTROL.test(name)) return fail('name', MESSAGES.CARD_TEMPLATE_NAME_INVALID);
  if (!Array.isArray(input.slots) || input.slots.length === 0) return fail('slots', MESSAGES.CARD_TEMPLATE_SLOTS_EMPTY);
  if (input.slots.length > PIV_SLOTS.length) return fail('slots', MESSAGES.CARD_TEMPLATE_SLOT_DUPLICATE);
  const slots: CardTemplateSlot[] = [];
  for (const [index, raw] of (input.slots as unknown[]).entries()) {
    const at = `slots[${index}]`;
    if (!isRecord(raw)) return fail(`${at}.slot`, MESSAGES.CARD_TEMPLATE_SLOT_INVALID);
    const slot = typeof raw.slot === 'string' ? raw.slot.trim().toUpperCase() : typeof raw.slot === 'number' ? String(raw.slot) : '';
    if (!(PIV_SLOTS as readonly string[]).includes(slot)) return fail(`${at}.slot`, MESSAGES.CARD_TEMPLATE_SLOT_INVALID);
    if (slots.some((s) => s.slot === slot)) return fail(`${at}.slot`, MESSAGES.CARD_TEMPLATE_SLOT_DUPLICATE);
    const certificateTemplate = typeof raw.certificateTemplate === 'string' ? raw.certificateTemplate.trim() : '';
    if (!certificateTemplate || certificateTemplate.length > CARD_TEMPLATE_LIMITS.certificateTemplateMaxLength || CONTROL.test(certificateTemplate)) {
      return fail(`${at}.certificateTemplate`, MESSAGES.CARD_TEMPLATE_CERTIFICATE_TEMPLATE_REQUIRED);
    }
    if (typeof raw.keyType !== 'string' || !(CARD_KEY_TYPES as readonly string[]).includes(raw.keyType)) return fail(`${at}.keyType`, MESSAGES.CARD_TEMPLATE_KEY_TYPE_INVALID);
    slots.push({ slot: slot as PivSlotName, certificateTemplate, keyType: raw.keyType as CardKeyType });
  }
  slots.sort((a, b) => PIV_SLOTS.indexOf(a.slot) - PIV_SLOTS.indexOf(b.slot));
  const pin = checkPin(input.pin);
  if (!pin.ok) return pin;
  return { ok: true, value: { name, slots, pin: pin.value } };
}

/**
 * Checks a seed file (`tessera card-templates seed`, `POST /api2/CMS-v2/CardTemplatesSeed`) in the shape
 * `cardTemplates: [{name, slots: [{slot, certificateTemplate, keyType}], pin: {minLength, maxLength, digitsOnly}}]`:
 * one to 100 templates, names unique; a refused field is named with its place in the file
 * (`cardTemplates[1].pin.maxLength`). The file is applied whole or not at all.
 */
export function validateCardTemplateSeed(file: unknown): CardTemplateCheck<NormalisedCardTemplate[]> {
  if (!isRecord(file) || !Array.isArray(file.cardTemplates) || file.cardTemplates.length === 0 || file.cardTemplates.length > CARD_TEMPLATE_LIMITS.seedMaxTemplates) {
    return fail('cardTemplates', MESSAGES.CARD_TEMPLATE_SEED_SHAPE);
  }
  const out: NormalisedCardTemplate[] = [];
  for (const [index, entry] of (file.cardTemplates as unknown[]).entries()) {
    const check = validateCardTemplate(entry);
    if (!check.ok) return fail(`cardTemplates[${index}].${check.problem.field}`, check.problem.message);
    if (out.some((t) => t.name === check.value.name)) return fail(`cardTemplates[${index}].name`, MESSAGES.CARD_TEMPLATE_SEED_DUPLICATE_NAME);
    out.push(check.value);
  }
  return { ok: true, value: out };
}
