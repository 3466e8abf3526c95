/**
 * TypeBox building blocks shared by every route schema: safe strings, ids, the error body and pages.
 */
import { Type, type TSchema, type StringOptions } from '@sinclair/typebox';
import { GLOBAL_BODIES } from '@tessera/domain';

/** Pattern of a single-line free-text field: no control characters (< 0x20, 0x7f). */
export const SAFE_TEXT_PATTERN = '^[^\\u0000-\\u001f\\u007f]*$';
/** Pattern of a multi-line free-text field: tab, LF and CR allowed, other control characters not. */
export const MULTILINE_TEXT_PATTERN = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$';
/** Pattern of a UUID. */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
/** Pattern of an e-mail address (deliberately loose: one `@`, no spaces or control characters). */
export const EMAIL_PATTERN = '^[^\\s@\\u0000-\\u001f\\u007f]+@[^\\s@\\u0000-\\u001f\\u007f]+$';
/** Pattern of a permission name. */
export const PERMISSION_PATTERN = '^[A-Za-z0-9_.:-]+$';

/** A single-line text field; rejects control characters. */
export const SafeString = (options: StringOptions = {}) =>
  Type.String({ maxLength: 1000, ...options, pattern: SAFE_TEXT_PATTERN });

/** A multi-line text field (newlines and tabs allowed). */
export const MultilineString = (options: StringOptions = {}) =>
  Type.String({ maxLength: 100_000, ...options, pattern: MULTILINE_TEXT_PATTERN });

/** A UUID (ids of tenants, users, roles, audit events). */
export const Uuid = (options: StringOptions = {}) => Type.String({ ...options, pattern: UUID_PATTERN });

/** An e-mail address. */
export const Email = (options: StringOptions = {}) =>
  Type.String({ maxLength: 254, ...options, pattern: EMAIL_PATTERN });

/** A permission name. */
export const Permission = () => Type.String({ minLength: 1, maxLength: 100, pattern: PERMISSION_PATTERN });

/** A password: any characters but control characters, 1 KiB at most so hashing stays cheap to refuse. */
export const Password = (options: StringOptions = {}) =>
  Type.String({ maxLength: 1024, ...options, pattern: SAFE_TEXT_PATTERN });

/** JSON error body (`ApiErrorBody`). */
export const ErrorBody = Type.Object(
  {
    code: Type.String(),
    message: Type.String(),
    field: Type.Optional(Type.String()),
    retryAfterSeconds: Type.Optional(Type.Integer()),
  },
  { $id: 'ApiErrorBody', description: 'Error answer' },
);

/** Plain-text global answer (`not_logged_in`, `Too Many Requests`, `Audit failed`). */
export const PlainText = Type.String({ description: 'Plain-text global answer' });

/** An empty answer (204). */
export const NoContent = Type.Null({ description: 'No content' });

/**
 * A response with its media types, for answers that are not (only) JSON: `{description, content:
 * {'<type>': {schema}}}`. Fastify and the OpenAPI document both read this form.
 */
export function responseOf(description: string, content: Record<string, TSchema>): { description: string; content: Record<string, { schema: TSchema }> } {
  return { description, content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])) };
}

/** The plain-text global answers, by status: each body is exactly the text of `GLOBAL_BODIES`. */
export const GLOBAL_TEXT_RESPONSES = {
  401: { name: 'NotLoggedIn', text: GLOBAL_BODIES.notLoggedIn, description: 'No fully signed-in session (plain text `not_logged_in`)' },
  429: { name: 'TooManyRequests', text: GLOBAL_BODIES.tooManyRequests, description: 'The per-address rate limit was hit (plain text `Too Many Requests`)' },
  503: { name: 'AuditFailed', text: GLOBAL_BODIES.auditFailed, description: 'The audit event could not be written; nothing was changed (plain text `Audit failed`)' },
} as const;

/** The text/plain schema of a global answer's body. */
export const globalText = (status: keyof typeof GLOBAL_TEXT_RESPONSES) => Type.Literal(GLOBAL_TEXT_RESPONSES[status].text);

/** The response of a global plain-text answer (401, 429, 503). */
export const globalResponse = (status: keyof typeof GLOBAL_TEXT_RESPONSES) =>
  responseOf(GLOBAL_TEXT_RESPONSES[status].description, { 'text/plain': globalText(status) });

/** A response that is either a global plain-text answer or a JSON `ApiErrorBody` (e.g. 429 of login). */
export const globalOrJson = (status: keyof typeof GLOBAL_TEXT_RESPONSES) =>
  responseOf(`${GLOBAL_TEXT_RESPONSES[status].description}, or a JSON error`, { 'text/plain': globalText(status), 'application/json': Type.Ref('ApiErrorBody') });

/**
 * The error answers every route may give (400, 403, 413, 429, 500), plus the ones a route adds: 401 and
 * 503 are the plain-text global answers (a JSON 401 such as INVALID_CREDENTIALS is declared by the
 * route itself), every other status the JSON `ApiErrorBody`.
 */
export function errorResponses(...statuses: number[]): Record<number, unknown> {
  const out: Record<number, unknown> = {
    400: Type.Ref('ApiErrorBody'),
    403: Type.Ref('ApiErrorBody'),
    413: Type.Ref('ApiErrorBody'),
    429: globalResponse(429),
    500: Type.Ref('ApiErrorBody'),
  };
  for (const status of statuses) {
    out[status] = status === 401 || status === 503 ? globalResponse(status) : Type.Ref('ApiErrorBody');
  }
  return out;
}

/** `Page<T>`: a page of results and the total. */
export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    totalResults: Type.Integer({ minimum: 0 }),
    totalCapped: Type.Optional(Type.Boolean({ description: 'True when there are more than totalResults (a capped count: up to the end of the block of 10 pages that holds the page asked for).' })),
    results: Type.Array(item),
  });

/** Query of a paged list (`skip`, `take`, `search`). */
export const PageQueryFields = {
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  take: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  search: Type.Optional(SafeString({ maxLength: 200 })),
};

/** Query with one `id`. */
export const IdQuery = Type.Object({ id: Uuid() }, { additionalProperties: false });

/**
 * The fields of a card id (signin §3 "Card id: serial, atr, readerName (reader_name), applet_id"), each optional:
 * the calls that name a card in a reader, a card by serial, or both. One home for the smartcard and sign-in routes.
 */
export const CARD_ID_PROPERTIES = {
  readerName: Type.Optional(SafeString({ minLength: 1, maxLength: 200 })),
  reader_name: Type.Optional(SafeString({ minLength: 1, maxLength: 200 })),
  serial: Type.Optional(SafeString({ maxLength: 100 })),
  atr: Type.Optional(SafeString({ maxLength: 200 })),
  applet_id: Type.Optional(SafeString({ maxLength: 100 })),
};

/** A card id (signin §3), no other fields. */
export const CardIdSchema = Type.Object(CARD_ID_PROPERTIES, { additionalProperties: false });
