/** TypeBox schemas of Authentication-v1. */
import { Type } from '@sinclair/typebox';
import { Password, SafeString } from '../platform/schemas';
import { TenancyInfoSchema, ViewerSchema } from '../platform/viewer.schemas';

/** `SessionInfo`. */
export const SessionInfoSchema = Type.Object({
  remainingSeconds: Type.Integer({ minimum: 0 }),
  expiresAt: Type.String(),
  absoluteExpiresAt: Type.String(),
});

/** `LoginRequest`. */
export const LoginRequestSchema = Type.Object(
  {
    username: SafeString({ minLength: 1, maxLength: 200 }),
    password: Password({ minLength: 1 }),
  },
  { additionalProperties: false },
);

/** `LoginResponse`. */
export const LoginResponseSchema = Type.Object({
  furtherAuthenticationRequired: Type.Array(Type.Literal('TOTP')),
  enrolment: Type.Optional(
    Type.Object({
      issuer: Type.String(),
      accountName: Type.String(),
      secret: Type.String(),
      qr: Type.String(),
      recovery_codes: Type.Array(Type.String()),
    }),
  ),
  viewer: Type.Optional(ViewerSchema),
  session: SessionInfoSchema,
});

/** `DisclaimerResponse`. */
export const DisclaimerResponseSchema = Type.Object({ disclaimer: Type.Union([Type.String(), Type.Null()]) });

/** `AnonymousSessionResponse`. */
export const AnonymousSessionResponseSchema = Type.Object({ session: SessionInfoSchema, tenant: TenancyInfoSchema });
