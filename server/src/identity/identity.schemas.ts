/** TypeBox schemas of the identity API (shapes of `@tessera/domain` api-types). */
import { Type, type TSchema } from '@sinclair/typebox';
import { USER_FIELD_CATEGORIES } from '@tessera/domain';
import { Email, PageQueryFields, Password, Permission, SafeString, Uuid } from '../platform/schemas';

/** Username as sent: a string; the username rules (admin-console §5, domain's `validateUsername`) run in the service, so the texts are domain's. */
export const Username = () => Type.String({ maxLength: 100 });

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const CategoryDocument = () => Type.Record(Type.String(), Type.Union([Type.String(), Type.Boolean()]));

/** `BootstrapStatus`. */
export const BootstrapStatusSchema = Type.Object({ bootstrapMode: Type.Boolean() });

/** `BootstrapRequest`. */
export const BootstrapRequestSchema = Type.Object(
  {
    tenantName: SafeString({ minLength: 1, maxLength: 200 }),
    username: Username(),
    password: Password({ minLength: 8 }),
    emailAddress: Email(),
  },
  { additionalProperties: false },
);

/** `BootstrapResponse`. */
export const BootstrapResponseSchema = Type.Object({ tenantId: Type.String(), userId: Type.String() });

/** `VersionResponse`. */
export const VersionResponseSchema = Type.Object({ product: Type.String(), version: Type.String() });

/** `NewsResponse`. */
export const NewsResponseSchema = Type.Object({
  version: Type.String(),
  items: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), body: Type.String(), publishedAt: Type.String() })),
});

/** `UserSummary`. */
export const UserSummarySchema = Type.Object({
  id: Type.String(),
  username: Type.String(),
  givenName: Type.String(),
  familyName: Type.String(),
  emailAddress: Type.String(),
  enabled: Type.Boolean(),
  roleIds: Type.Array(Type.String()),
  organisationId: Nullable(Type.String()),
  organisationName: Nullable(Type.String()),
  telephoneNumber: Nullable(Type.String()),
  country: Type.String(),
  directory: Type.Object({ csn: Nullable(Type.String()), tempCsn: Nullable(Type.String()), tempCsnExpiry: Nullable(Type.String()), pager: Nullable(Type.String()), uid: Nullable(Type.String()), distinguishedName: Nullable(Type.String()), displayName: Type.String() }),
  categories: Type.Object({
    personal: CategoryDocument(),
    organisationDetails: CategoryDocument(),
    passType: CategoryDocument(),
    privileges: CategoryDocument(),
    medical: CategoryDocument(),
    vehicles: CategoryDocument(),
  }),
  sponsorId: Nullable(Type.String()),
  sponsorStatus: Nullable(Type.String()),
  hasPhoto: Type.Boolean(),
  loginDetails: Type.Object({ failedLogins: Type.Integer(), lastSuccessfulLogin: Nullable(Type.String()) }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

/** Query of `GET Users`. */
export const UserListQuerySchema = Type.Object(
  {
    ...PageQueryFields,
    sortField: Type.Optional(Type.Union([Type.Literal('username'), Type.Literal('givenName'), Type.Literal('familyName'), Type.Literal('emailAddress'), Type.Literal('createdAt')])),
    sortDirection: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  },
  { additionalProperties: false },
);

const RoleIds = () => Type.Array(Uuid(), { maxItems: 100, uniqueItems: true });

/** An ISO 8601 date-time with a zone. */
const ISO_DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$';

/** ISO date of a category's date field, or blank. */
const ISO_DATE_OR_BLANK = '^(\\d{4}-\\d{2}-\\d{2})?$';

/**
 * One typed schema per signin §3 category (domain's `USER_FIELD_CATEGORIES`): only its fields, texts
 * without control characters (admin-console §5 "Text"), dates as YYYY-MM-DD or blank, flags as booleans.
 */
const categorySchema = (fields: (typeof USER_FIELD_CATEGORIES)[number]['fields']) =>
  Type.Object(
    Object.fromEntries(
      fields.map((f): [string, TSchema] => [
        f.key,
        Type.Optional(f.kind === 'boolean' ? Type.Boolean() : f.kind === 'date' ? Type.String({ pattern: ISO_DATE_OR_BLANK }) : SafeString({ maxLength: 200 })),
      ]),
    ),
    { additionalProperties: false },
  );

/** The categories part of add and edit. */
const CategoriesSchema = () =>
  Type.Object(Object.fromEntries(USER_FIELD_CATEGORIES.map((c) => [c.key, Type.Optional(categorySchema(c.fields))])), { additionalProperties: false });

const DirectoryText = () => Type.Optional(Type.Union([SafeString({ maxLength: 100 }), Type.Null()]));

/** The directory data part of add and edit. */
const DirectorySchema = () =>
  Type.Object(
    { csn: DirectoryText(), tempCsn: DirectoryText(), tempCsnExpiry: Type.Optional(Type.Union([Type.String({ pattern: ISO_DATE_TIME }), Type.Null()])), pager: DirectoryText(), uid: DirectoryText() },
    { additionalProperties: false },
  );

/** Fields of the user record shared by add and edit. */
const RecordFields = {
  organisationId: Type.Optional(Type.Union([Uuid(), Type.Null()])),
  telephoneNumber: Type.Optional(Type.Union([SafeString({ maxLength: 50 }), Type.Null()])),
  country: Type.Optional(SafeString({ maxLength: 100 })),
  directory: Type.Optional(DirectorySchema()),
  categories: Type.Optional(CategoriesSchema()),
};

/** `CreateUserRequest`. */
export const CreateUserRequestSchema = Type.Object(
  {
    username: Username(),
    password: Password({ minLength: 8 }),
    givenName: SafeString({ maxLength: 200 }),
    familyName: SafeString({ maxLength: 200 }),
    emailAddress: Email(),
    roleIds: RoleIds(),
    sponsorId: Type.Optional(Type.Union([Uuid(), Type.Null()])),
    ...RecordFields,
  },
  { additionalProperties: false },
);

/** `UpdateUserRequest`. */
export const UpdateUserRequestSchema = Type.Object(
  {
    id: Uuid(),
    username: Type.Optional(Username()),
    givenName: Type.Optional(SafeString({ maxLength: 200 })),
    familyName: Type.Optional(SafeString({ maxLength: 200 })),
    emailAddress: Type.Optional(Email()),
    enabled: Type.Optional(Type.Boolean()),
    roleIds: Type.Optional(RoleIds()),
    currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
    ...RecordFields,
  },
  { additionalProperties: false },
);

/** `Role`. */
export const RoleSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  permissions: Type.Array(Type.String()),
  blacklist: Type.Array(Type.String()),
  isManager: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

/** Query of `GET Roles`. */
export const RoleListQuerySchema = Type.Object({ ...PageQueryFields }, { additionalProperties: false });

const PermissionList = () => Type.Array(Permission(), { maxItems: 500, uniqueItems: true });

/** `CreateRoleRequest`. */
export const CreateRoleRequestSchema = Type.Object(
  {
    name: SafeString({ minLength: 1, maxLength: 100 }),
    permissions: PermissionList(),
    blacklist: PermissionList(),
    isManager: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** `UpdateRoleRequest`. */
export const UpdateRoleRequestSchema = Type.Object(
  {
    id: Uuid(),
    name: Type.Optional(SafeString({ minLength: 1, maxLength: 100 })),
    permissions: Type.Optional(PermissionList()),
    blacklist: Type.Optional(PermissionList()),
    isManager: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
