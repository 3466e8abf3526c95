/** TypeBox schemas of the rate-limit calls (issue 14); the rules themselves are checked by domain's validateRateLimitConfig. */
import { Type } from '@sinclair/typebox';

const Id = Type.String({ minLength: 1, maxLength: 200, description: "'*' or an id" });

/** A rule as sent: every field optional (admin-console §9 defaults fill the rest). */
export const RateLimitRuleInputSchema = Type.Object(
  {
    tenantId: Type.Optional(Id),
    userId: Type.Optional(Id),
    method: Type.Optional(Type.String({ minLength: 1, maxLength: 10 })),
    endpoint: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    periodSeconds: Type.Optional(Type.Integer()),
    rate: Type.Optional(Type.Integer()),
    burst: Type.Optional(Type.Integer()),
    maxDataBytes: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);

/** A rule as stored and answered. */
export const RateLimitRuleSchema = Type.Object({
  tenantId: Type.String(),
  userId: Type.String(),
  method: Type.String(),
  endpoint: Type.String(),
  periodSeconds: Type.Integer(),
  rate: Type.Integer(),
  burst: Type.Integer(),
  maxDataBytes: Type.Integer(),
});

/** `PUT /api2/Monitoring-v1/RateLimitConfig` body. */
export const RateLimitConfigInputSchema = Type.Object(
  {
    layerRules: Type.Array(
      Type.Object({ layer: Type.Integer(), stage: Type.Integer(), rules: Type.Array(RateLimitRuleInputSchema, { maxItems: 200 }) }, { additionalProperties: false }),
      { maxItems: 40 },
    ),
  },
  { additionalProperties: false },
);

/** The config answered. */
export const RateLimitConfigSchema = Type.Object({
  layerRules: Type.Array(Type.Object({ layer: Type.Integer(), stage: Type.Integer(), rules: Type.Array(RateLimitRuleSchema) })),
});

const MinuteSchema = Type.Object({ minute: Type.Integer(), allowed: Type.Integer(), refused: Type.Integer() });

/** `GET /api2/Monitoring-v1/RateLimitStatus`. */
export const RateLimitStatusSchema = Type.Object({
  rules: Type.Array(
    Type.Object({
      layer: Type.Integer(),
      stage: Type.Integer(),
      index: Type.Integer(),
      rule: RateLimitRuleSchema,
      minutes: Type.Array(MinuteSchema),
      allowed: Type.Integer(),
      refused: Type.Integer(),
    }),
  ),
});
