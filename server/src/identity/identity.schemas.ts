/** TypeBox schemas of the identity API (shapes of `@tessera/domain` api-types). */
import { Type } from '@sinclair/typebox';
import { Email, PageQueryFields, Password, Permission, SafeString, Uuid } from '../platform/schemas';

/** Username as sent: a string; the username rules (admin-console §5, domain's `validateUsername`) run in the service, so the texts are domain's. */
export const Username = () => Type.String({ maxLength: 100 });

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

/** `CreateUserRequest`. */
export const CreateUserRequestSchema = Type.Object(
  {
    username: Username(),
    password: Password({ minLength: 8 }),
    givenName: SafeString({ maxLength: 200 }),
    familyName: SafeString({ maxLength: 200 }),
    emailAddress: Email(),
    roleIds: RoleIds(),
  },
  { additionalProperties: false },
);

/** `UpdateUserRequest`. */
export const UpdateUserRequestSchema = Type.Object(
  {
    id: Uuid(),
    givenName: Type.Optional(SafeString({ maxLength: 200 })),
    familyName: Type.Optional(SafeString({ maxLength: 200 })),
    emailAddress: Type.Optional(Email()),
    enabled: Type.Optional(Type.Boolean()),
    roleIds: Type.Optional(RoleIds()),
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
