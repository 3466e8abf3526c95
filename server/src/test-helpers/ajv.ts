/**
 * A JSON Schema validator for tests that check live answers against what the OpenAPI document declares: ajv 8 as
 * Fastify's own schema compiler resolves it (no new dependency), with the standard formats.
 */
import { dirname } from 'node:path';

/** The part of ajv's API the tests use. */
export interface SchemaValidator {
  validate(schema: unknown, data: unknown): boolean;
  compile(schema: unknown): ((data: unknown) => boolean) & { errors?: unknown };
  errorsText(errors?: unknown): string;
  errors?: unknown;
}

/** A fresh validator (not strict: the document carries OpenAPI keywords ajv does not know). */
export function schemaValidator(): SchemaValidator {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Ajv = require(require.resolve('ajv', { paths: [dirname(require.resolve('@fastify/ajv-compiler'))] })).default;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const addFormats = require('ajv-formats');
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv as SchemaValidator;
}
