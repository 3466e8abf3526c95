/**
 * TypeBox building blocks shared by every route schema: safe strings, ids, the error body and pages.
 */
import { Type, type TSchema, type StringOptions } from '@sinclair/typebox';

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

/** The error answers every route may give, plus the ones a route adds. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {
    400: Type.Ref('ApiErrorBody'),
    403: Type.Ref('ApiErrorBody'),
    413: Type.Ref('ApiErrorBody'),
    429: PlainText,
    500: Type.Ref('ApiErrorBody'),
  };
  for (const status of statuses) {
    out[status] = status === 401 || status === 503 ? PlainText : Type.Ref('ApiErrorBody');
  }
  return out;
}

/** `Page<T>`: a page of results and the total. */
export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({ totalResults: Type.Integer({ minimum: 0 }), results: Type.Array(item) });

/** Query of a paged list (`skip`, `take`, `search`). */
export const PageQueryFields = {
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  take: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  search: Type.Optional(SafeString({ maxLength: 200 })),
};

/** Query with one `id`. */
export const IdQuery = Type.Object({ id: Uuid() }, { additionalProperties: false });
