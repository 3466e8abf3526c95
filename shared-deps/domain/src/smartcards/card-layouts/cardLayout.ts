/**
 * Card layouts (issue 16; signin §3 "Card layout images", "User data for card preview"): what a card template
 * prints on the front and the back of a CR80 card (ISO/IEC 7810 ID-1, 85.60 × 53.98 mm): a background colour or
 * image, text fields bound to the user's data or fixed, the user's photo, a QR code and a barcode. Positions and sizes are in
 * millimetres from the top-left corner of the side. The server (layout saves, previews, prints) and the console
 * editor check with {@link validateCardLayout}, so both refuse with the same field and text.
 */
import { SMARTCARD_MESSAGES as MESSAGES } from '../messages';

/** The CR80 card (ISO/IEC 7810 ID-1), mm. */
export const CR80_MM = Object.freeze({ width: 85.6, height: 53.98 } as const);

/** The user data a layout may print (signin §3 "User data for card preview"; other fields are `extensions`). */
export const CARD_USER_FIELDS = ['emailAddress', 'userName', 'givenName', 'familyName', 'title', 'orgOid'] as const;
/** A user data field a layout element is bound to. */
export type CardUserField = (typeof CARD_USER_FIELDS)[number];

/**
 * Limits of a layout (designed): up to 30 elements a side; text of at most 200 characters at 1 to 20 mm; a
 * background image of at most 512 KiB (PNG or JPEG data URL); an extension name of 1 to 64 letters, digits, `_`
 * or `-`; preview user data values of at most 500 characters.
 */
export const CARD_LAYOUT_LIMITS = Object.freeze({
  elementsPerSide: 30,
  textMaxLength: 200,
  fontSizeMinMm: 1,
  fontSizeMaxMm: 20,
  imageMaxBytes: 512 * 1024,
  extensionNameMaxLength: 64,
  valueMaxLength: 500,
  extensionsMax: 20,
} as const);

/** Where a text or QR element takes its value: a user data field, an extension by name, or fixed text. */
export type CardValueSource = { field: CardUserField } | { extension: string } | { text: string };

/** A line of text. `x`, `y`: its top-left corner, mm; `fontSize`: the height of the em box, mm. */
export interface CardTextElement {
  type: 'text';
  source: CardValueSource;
  x: number;
  y: number;
  fontSize: number;
  color: string;
  bold: boolean;
}

/** The user's photo in a box, mm (kept in proportion, centred). */
export interface CardPhotoElement {
  type: 'photo';
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A QR code (ISO/IEC 18004) of a value, in a square of `size` mm. */
export interface CardQrElement {
  type: 'qr';
  source: CardValueSource;
  x: number;
  y: number;
  size: number;
}

/** The barcodes a layout may print: Code 128 (ISO/IEC 15417, linear) and PDF417 (ISO/IEC 15438, stacked). */
export const CARD_BARCODE_SYMBOLOGIES = ['code128', 'pdf417'] as const;
/** A barcode symbology of a layout. */
export type CardBarcodeSymbology = (typeof CARD_BARCODE_SYMBOLOGIES)[number];
/** The smallest barcode box, mm (designed: what a card printer at 300 dpi still prints legibly). */
export const CARD_BARCODE_MIN_MM = Object.freeze({ width: 10, height: 3 } as const);

/**
 * A barcode of a value in a box of `width` × `height` mm: Code 128 fills the box (its bars scale evenly), PDF417
 * keeps its proportions, centred. A value the symbology cannot encode prints an empty white box.
 */
export interface CardBarcodeElement {
  type: 'barcode';
  symbology: CardBarcodeSymbology;
  source: CardValueSource;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One thing printed on a side. */
export type CardLayoutElement = CardTextElement | CardPhotoElement | CardQrElement | CardBarcodeElement;

/** One side of the card: a background colour (`#rrggbb`), an optional background image (data URL), elements. */
export interface CardLayoutSide {
  background: { color: string; image: string | null };
  elements: CardLayoutElement[];
}

/** A card template's layout: front and back. */
export interface CardLayout {
  front: CardLayoutSide;
  back: CardLayoutSide;
}

/** The user data a layout is rendered with (signin §7 CardLayoutCompressedUserData `userData`). */
export interface CardUserData {
  emailAddress?: string;
  userName?: string;
  givenName?: string;
  familyName?: string;
  title?: string;
  orgOid?: string;
  /** Other fields by name. */
  extensions?: Record<string, string>;
  /** The user's photo, as a PNG or JPEG data URL (the server fills it in from the user's record). */
  photo?: string | null;
}

/** A refused field (dotted path, e.g. `front.elements[2].x`) and what is wrong with it. */
export interface CardLayoutProblem {
  field: string;
  message: string;
}

/** The outcome of a check. */
export type CardLayoutCheck<T> = { ok: true; value: T } | { ok: false; problem: CardLayoutProblem };

/** An empty white card (a template without a layout renders as this). */
export const EMPTY_CARD_LAYOUT: CardLayout = Object.freeze({
  front: { background: { color: '#ffffff', image: null }, elements: [] },
  back: { background: { color: '#ffffff', image: null }, elements: [] },
}) as CardLayout;

const COLOR = /^#[0-9a-fA-F]{6}$/;
const EXTENSION = /^[A-Za-z0-9_-]+$/;
const IMAGE = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;
const CONTROL = /[\u0000-\u001f\u007f]/;
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const fail = (field: string, message: string): { ok: false; problem: CardLayoutProblem } => ({ ok: false, problem: { field, message } });
const num = (value: unknown, min: number, max: number): value is number => typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

/** Is `value` a PNG or JPEG data URL of at most `maxBytes` bytes? */
export function isCardImageDataUrl(value: unknown, maxBytes: number = CARD_LAYOUT_LIMITS.imageMaxBytes): value is string {
  if (typeof value !== 'string') return false;
  const match = IMAGE.exec(value);
  return match !== null && Math.floor((match[2]!.length * 3) / 4) <= maxBytes;
}

function checkSource(source: unknown, at: string): CardLayoutCheck<CardValueSource> {
  if (!isRecord(source)) return fail(at, MESSAGES.CARD_LAYOUT_SOURCE_INVALID);
  if ('field' in source) {
    return (CARD_USER_FIELDS as readonly unknown[]).includes(source.field) ? { ok: true, value: { field: source.field as CardUserField } } : fail(`${at}.field`, MESSAGES.CARD_LAYOUT_FIELD_INVALID);
  }
  if ('extension' in source) {
    const name = source.extension;
    return typeof name === 'string' && name.length <= CARD_LAYOUT_LIMITS.extensionNameMaxLength && EXTENSION.test(name) ? { ok: true, value: { extension: name } } : fail(`${at}.extension`, MESSAGES.CARD_LAYOUT_EXTENSION_INVALID);
  }
  if ('text' in source) {
    const text = source.text;
    return typeof text === 'string' && text.length > 0 && text.length <= CARD_LAYOUT_LIMITS.textMaxLength && !CONTROL.test(text) ? { ok: true, value: { text } } : fail(`${at}.text`, MESSAGES.CARD_LAYOUT_TEXT_INVALID);
  }
  return fail(at, MESSAGES.CARD_LAYOUT_SOURCE_INVALID);
}

/** Checks a box: its corner on the card and its size keeping it on the card (0.01 mm slack for rounding). */
function checkBox(raw: Record<string, unknown>, at: string, width: number, height: number): CardLayoutProblem | null {
  if (!num(raw.x, 0, CR80_MM.width)) return { field: `${at}.x`, message: MESSAGES.CARD_LAYOUT_OFF_CARD };
  if (!num(raw.y, 0, CR80_MM.height)) return { field: `${at}.y`, message: MESSAGES.CARD_LAYOUT_OFF_CARD };
  if (raw.x + width > CR80_MM.width + 0.01 || raw.y + height > CR80_MM.height + 0.01) return { field: at, message: MESSAGES.CARD_LAYOUT_OFF_CARD };
  return null;
}

function checkElement(raw: unknown, at: string): CardLayoutCheck<CardLayoutElement> {
  if (!isRecord(raw)) return fail(`${at}.type`, MESSAGES.CARD_LAYOUT_ELEMENT_TYPE);
  if (raw.type === 'text') {
    const source = checkSource(raw.source, `${at}.source`);
    if (!source.ok) return source;
    if (!num(raw.fontSize, CARD_LAYOUT_LIMITS.fontSizeMinMm, CARD_LAYOUT_LIMITS.fontSizeMaxMm)) return fail(`${at}.fontSize`, MESSAGES.CARD_LAYOUT_FONT_SIZE);
    const box = checkBox(raw, at, 0, raw.fontSize);
    if (box) return { ok: false, problem: box };
    const color = raw.color ?? '#000000';
    if (typeof color !== 'string' || !COLOR.test(color)) return fail(`${at}.color`, MESSAGES.CARD_LAYOUT_COLOR);
    if (raw.bold !== undefined && typeof raw.bold !== 'boolean') return fail(`${at}.bold`, MESSAGES.CARD_LAYOUT_BOLD);
    return { ok: true, value: { type: 'text', source: source.value, x: raw.x as number, y: raw.y as number, fontSize: raw.fontSize, color: color.toLowerCase(), bold: raw.bold === true } };
  }
  if (raw.type === 'photo') {
    if (!num(raw.width, 1, CR80_MM.width)) return fail(`${at}.width`, MESSAGES.CARD_LAYOUT_OFF_CARD);
    if (!num(raw.height, 1, CR80_MM.height)) return fail(`${at}.height`, MESSAGES.CARD_LAYOUT_OFF_CARD);
    const box = checkBox(raw, at, raw.width, raw.height);
    if (box) return { ok: false, problem: box };
    return { ok: true, value: { type: 'photo', x: raw.x as number, y: raw.y as number, width: raw.width, height: raw.height } };
  }
  if (raw.type === 'qr') {
    const source = checkSource(raw.source, `${at}.source`);
    if (!source.ok) return source;
    if (!num(raw.size, 5, CR80_MM.height)) return fail(`${at}.size`, MESSAGES.CARD_LAYOUT_QR_SIZE);
    const box = checkBox(raw, at, raw.size, raw.size);
    if (box) return { ok: false, problem: box };
    return { ok: true, value: { type: 'qr', source: source.value, x: raw.x as number, y: raw.y as number, size: raw.size } };
  }
  if (raw.type === 'barcode') {
    if (!(CARD_BARCODE_SYMBOLOGIES as readonly unknown[]).includes(raw.symbology)) return fail(`${at}.symbology`, MESSAGES.CARD_LAYOUT_BARCODE_SYMBOLOGY);
    const source = checkSource(raw.source, `${at}.source`);
    if (!source.ok) return source;
    if (!num(raw.width, CARD_BARCODE_MIN_MM.width, CR80_MM.width)) return fail(`${at}.width`, MESSAGES.CARD_LAYOUT_BARCODE_SIZE);
    if (!num(raw.height, CARD_BARCODE_MIN_MM.height, CR80_MM.height)) return fail(`${at}.height`, MESSAGES.CARD_LAYOUT_BARCODE_SIZE);
    const box = checkBox(raw, at, raw.width, raw.height);
    if (box) return { ok: false, problem: box };
    return { ok: true, value: { type: 'barcode', symbology: raw.symbology as CardBarcodeSymbology, source: source.value, x: raw.x as number, y: raw.y as number, width: raw.width, height: raw.height } };
  }
  return fail(`${at}.type`, MESSAGES.CARD_LAYOUT_ELEMENT_TYPE);
}

function checkSide(raw: unknown, at: 'front' | 'back'): CardLayoutCheck<CardLayoutSide> {
  if (!isRecord(raw)) return fail(at, MESSAGES.CARD_LAYOUT_SIDE_INVALID);
  const background = raw.background ?? {};
  if (!isRecord(background)) return fail(`${at}.background`, MESSAGES.CARD_LAYOUT_SIDE_INVALID);
  const color = background.color ?? '#ffffff';
  if (typeof color !== 'string' || !COLOR.test(color)) return fail(`${at}.background.color`, MESSAGES.CARD_LAYOUT_COLOR);
  const image = background.image ?? null;
  if (image !== null && !isCardImageDataUrl(image)) return fail(`${at}.background.image`, MESSAGES.CARD_LAYOUT_IMAGE);
  const elements = raw.elements ?? [];
  if (!Array.isArray(elements) || elements.length > CARD_LAYOUT_LIMITS.elementsPerSide) return fail(`${at}.elements`, MESSAGES.CARD_LAYOUT_TOO_MANY_ELEMENTS);
  const out: CardLayoutElement[] = [];
  for (const [index, element] of (elements as unknown[]).entries()) {
    const check = checkElement(element, `${at}.elements[${index}]`);
    if (!check.ok) return check;
    out.push(check.value);
  }
  return { ok: true, value: { background: { color: color.toLowerCase(), image }, elements: out } };
}

/**
 * Checks a card layout and applies its defaults (white background, black text, not bold): two sides, each with
 * at most 30 elements that stay on the CR80 card; text bound to a user data field, an extension or fixed text;
 * colours as `#rrggbb`; images as PNG or JPEG data URLs. The first problem is answered with its field named.
 */
export function validateCardLayout(input: unknown): CardLayoutCheck<CardLayout> {
  if (!isRecord(input)) return fail('front', MESSAGES.CARD_LAYOUT_SIDE_INVALID);
  const front = checkSide(input.front, 'front');
  if (!front.ok) return front;
  const back = checkSide(input.back ?? {}, 'back');
  if (!back.ok) return back;
  return { ok: true, value: { front: front.value, back: back.value } };
}

/**
 * Checks the user data of a preview (CardLayoutCompressedUserData `userData`): known fields as strings of at
 * most 500 characters, at most 20 extensions with names as in a layout. The photo is not taken from the body.
 */
export function validateCardUserData(input: unknown): CardLayoutCheck<CardUserData> {
  if (!isRecord(input)) return fail('userData', MESSAGES.CARD_LAYOUT_USER_DATA_INVALID);
  const out: CardUserData = {};
  for (const field of CARD_USER_FIELDS) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || value.length > CARD_LAYOUT_LIMITS.valueMaxLength || CONTROL.test(value)) return fail(`userData.${field}`, MESSAGES.CARD_LAYOUT_USER_DATA_INVALID);
    out[field] = value;
  }
  if (input.extensions !== undefined && input.extensions !== null) {
    if (!isRecord(input.extensions) || Object.keys(input.extensions).length > CARD_LAYOUT_LIMITS.extensionsMax) return fail('userData.extensions', MESSAGES.CARD_LAYOUT_USER_DATA_INVALID);
    const extensions: Record<string, string> = {};
    for (const [name, value] of Object.entries(input.extensions)) {
      if (!EXTENSION.test(name) || name.length > CARD_LAYOUT_LIMITS.extensionNameMaxLength) return fail(`userData.extensions.${name.slice(0, 64)}`, MESSAGES.CARD_LAYOUT_EXTENSION_INVALID);
      if (typeof value !== 'string' || value.length > CARD_LAYOUT_LIMITS.valueMaxLength || CONTROL.test(value)) return fail(`userData.extensions.${name}`, MESSAGES.CARD_LAYOUT_USER_DATA_INVALID);
      extensions[name] = value;
    }
    out.extensions = extensions;
  }
  return { ok: true, value: out };
}

/** The value a text, QR or barcode element shows for a user ('' when the user has no such field). */
export function cardValueOf(source: CardValueSource, user: CardUserData): string {
  if ('field' in source) return user[source.field] ?? '';
  if ('extension' in source) return user.extensions?.[source.extension] ?? '';
  return source.text;
}
