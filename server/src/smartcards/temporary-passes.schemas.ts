/** TypeBox schemas of the temporary pass and smartcard request calls (admin-console §7 passes table). */
import { Type } from '@sinclair/typebox';
import { MISPLACED_REASONS, PASS_ACTIVATION_STATUSES, PASS_TYPES } from '@tessera/domain';
import { SafeString, Uuid } from '../platform/schemas';
import { StringEnum } from '../platform/string-enum';

/** A pass number as received: checked and padded by the service (digits only, 1–5). */
const PassNumber = SafeString({ minLength: 1, maxLength: 10 });
/** A day (YYYY-MM-DD) or an ISO instant; the service turns it into the tenant's day. */
const DateText = SafeString({ minLength: 10, maxLength: 40 });
const Name = SafeString({ minLength: 1, maxLength: 100 });

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

/** A pass. */
export const TemporaryPassSchema = Type.Object({
  passNumber: Type.String(),
  cardType: Type.String(),
  status: Type.String(),
  userID: Nullable(Type.String()),
  username: Nullable(Type.String()),
  givenName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  validDate: Nullable(Type.String()),
  expirationDate: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  updatedAt: Type.String(),
});

/** The lists. */
export const TemporaryPassListsSchema = Type.Object({
  issued: Type.Array(TemporaryPassSchema),
  available: Type.Array(TemporaryPassSchema),
  unavailable: Type.Array(TemporaryPassSchema),
  timeZone: Type.String(),
});

/** Accounts. */
export const AccountsSchema = Type.Array(
  Type.Object({ userID: Type.String(), username: Type.String(), givenName: Type.String(), lastName: Type.String() }),
);

/** `user/{id}`. */
export const UserParams = Type.Object({ id: Uuid() });
/** `availability/{type}/{passNumber}`. */
export const AvailabilityParams = Type.Object({ type: StringEnum(PASS_TYPES), passNumber: PassNumber });
/** Availability answer: one item whose first field is the status. */
export const AvailabilitySchema = Type.Array(
  Type.Object({ status: Type.String(), passNumber: Type.String(), cardType: Type.String(), available: Type.Boolean() }),
);

/** positive/assign. */
export const AssignPositiveSchema = Type.Object(
  { passNumber: PassNumber, userID: Uuid(), validDate: DateText, expirationDate: DateText },
  { additionalProperties: false },
);
/** guest/assign. */
export const AssignGuestSchema = Type.Object(
  { givenName: Name, lastName: Name, passNumber: PassNumber, validDate: DateText, expirationDate: DateText },
  { additionalProperties: false },
);
/** return. */
export const ReturnSchema = Type.Object({ passNumber: PassNumber }, { additionalProperties: false });
/** misplaced. */
export const MisplacedSchema = Type.Object({ reason: StringEnum(MISPLACED_REASONS), passNumber: PassNumber }, { additionalProperties: false });
/** activation. */
export const ActivationSchema = Type.Object({ status: StringEnum(PASS_ACTIVATION_STATUSES), passNumber: PassNumber }, { additionalProperties: false });
/** batch/print. */
export const BatchPrintSchema = Type.Object(
  {
    quantity: Type.Integer({ minimum: 1, maximum: 500 }),
    cardType: StringEnum(PASS_TYPES),
    printer: Type.Optional(SafeString({ minLength: 1, maxLength: 200, description: "designed (issue 16): print the passes on this printer of the caller's CMS Client" })),
    cardTemplateId: Type.Optional(Uuid({ description: 'the card template whose layout the passes are printed with' })),
  },
  { additionalProperties: false },
);
/** batch/print answer. */
export const BatchPrintResponseSchema = Type.Object({
  requestId: Type.String(),
  passNumbers: Type.Array(Type.String()),
  printed: Type.Optional(Type.Array(Type.Object({ passNumber: Type.String(), printedCardId: Type.String() }))),
  printFailure: Type.Optional(Type.Union([Type.Object({ passNumber: Type.String(), message: Type.String() }), Type.Null()])),
});

/** POST /api/dps/smartcard-request. */
export const SmartcardRequestSchema = Type.Object(
  {
    selectAll: Type.Boolean(),
    inclusionList: Type.Array(Uuid(), { maxItems: 10000, uniqueItems: true }),
    exclusionList: Type.Array(Uuid(), { maxItems: 10000, uniqueItems: true }),
    bulkInclusionList: Type.Array(SafeString({ minLength: 1, maxLength: 200 }), { maxItems: 10000 }),
    options: Type.Object(
      { comment: Type.Optional(SafeString({ maxLength: 500 })), priority: Type.Optional(StringEnum(['normal', 'urgent'] as const)) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
/** Its answer. */
export const SmartcardRequestResponseSchema = Type.Object({ requested: Type.Integer(), requestIds: Type.Array(Type.String()) });
