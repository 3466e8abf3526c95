/** TypeBox schemas of `POST /api2/PKI-v1/DecodePem` (shapes of `@tessera/domain` DecodePemRequest, DecodePemResponse). */
import { Type } from '@sinclair/typebox';
import { UPLOAD_BODY_LIMIT_BYTES } from '../platform/body-limits';

/**
 * `DecodePemRequest`: pasted text, or a file's bytes in base64. Multi-line text is the point here, and a
 * DER file's base64 is plain ASCII, so `content` is a bare string bounded by the upload size; the service
 * applies the 10 MB rule to the decoded bytes.
 */
export const DecodePemRequestSchema = Type.Object(
  {
    content: Type.String({ minLength: 1, maxLength: UPLOAD_BODY_LIMIT_BYTES }),
    encoding: Type.Union([Type.Literal('text'), Type.Literal('base64')]),
  },
  { additionalProperties: false },
);

const DecodedObjectSchema = Type.Object({
  kind: Type.Union([Type.Literal('certificate'), Type.Literal('csr'), Type.Literal('crl')]),
  format: Type.Union([Type.Literal('pem'), Type.Literal('hex'), Type.Literal('base64'), Type.Literal('der')]),
  label: Type.Union([Type.String(), Type.Null()]),
  fields: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
  extensions: Type.Array(Type.Object({ oid: Type.String(), name: Type.String(), critical: Type.Boolean(), value: Type.String() })),
  revoked: Type.Array(Type.Object({ serialNumber: Type.String(), revocationDate: Type.String({ format: 'date-time' }), reason: Type.Union([Type.String(), Type.Null()]) })),
  pem: Type.String(),
});

/** `DecodePemResponse`. */
export const DecodePemResponseSchema = Type.Object({ message: Type.String(), objects: Type.Array(DecodedObjectSchema) });
