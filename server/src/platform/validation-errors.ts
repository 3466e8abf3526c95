/**
 * Turns the first schema error of a request into `{field, message}` for a 400 `VALIDATION` answer:
 * the field as a dotted path (`roles.0`), the message `<field> <what is wrong>`.
 */
import { BANNER_COLOUR_PATTERN } from '@tessera/domain';
import { EMAIL_PATTERN, MULTILINE_TEXT_PATTERN, PERMISSION_PATTERN, SAFE_TEXT_PATTERN, UUID_PATTERN } from './schemas';

/** The parts of an Ajv error this formatter reads. */
export interface SchemaErrorLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const PATTERN_TEXT: Record<string, string> = {
  [SAFE_TEXT_PATTERN]: 'must not contain control characters',
  [MULTILINE_TEXT_PATTERN]: 'must not contain control characters',
  [UUID_PATTERN]: 'must be a UUID',
  [EMAIL_PATTERN]: 'must be an e-mail address',
  [PERMISSION_PATTERN]: 'must be a permission name (letters, digits, _ . : -)',
  [BANNER_COLOUR_PATTERN]: 'must be a colour #rrggbb',
};

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function what(error: SchemaErrorLike): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not allowed';
    case 'type':
      return `must be ${String(p.type).split(',').map(article).join(' or ')}`;
    case 'pattern':
      return PATTERN_TEXT[String(p.pattern)] ?? 'has an invalid format';
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters long`;
    case 'maxLength':
      return `must be at most ${String(p.limit)} characters long`;
    case 'minimum':
      return `must be at least ${String(p.limit)}`;
    case 'maximum':
      return `must be at most ${String(p.limit)}`;
    case 'minItems':
      return `must have at least ${String(p.limit)} items`;
    case 'maxItems':
      return `must have at most ${String(p.limit)} items`;
    case 'uniqueItems':
      return 'must not contain duplicates';
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[] | undefined)?.map(String).join(', ') ?? ''}`;
    case 'const':
      return `must be ${String(p.allowedValue)}`;
    default:
      return error.message ?? 'is invalid';
  }
}

/** Field path and message of a schema error. `part` names the request part when the path is empty. */
export function formatSchemaError(error: SchemaErrorLike, part: string): { field: string; message: string } {
  const segments = error.instancePath.split('/').filter((s) => s !== '').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') segments.push(error.params.missingProperty);
  if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string') {
    segments.push(error.params.additionalProperty);
  }
  const field = segments.length > 0 ? segments.join('.') : part;
  return { field, message: `${field} ${what(error)}` };
}
