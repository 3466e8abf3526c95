/** TypeBox schemas of the organisations API (shapes of `@tessera/domain` Organisation). */
import { Type } from '@sinclair/typebox';
import { ORGANISATION_LIMITS, ORGANISATION_TYPES } from '@tessera/domain';
import { PageQueryFields, Permission, SafeString, Uuid } from '../platform/schemas';

const OrgType = () => Type.Union(ORGANISATION_TYPES.map((t) => Type.Literal(t)));
const BusinessNumber = () => SafeString({ maxLength: ORGANISATION_LIMITS.businessNumberMaxLength });
const Scheme = () => Type.String({ minLength: 1, maxLength: 32, pattern: '^[a-z0-9-]+$' });

/** `Organisation`. */
export const OrganisationSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.String(),
  parentId: Type.Union([Type.String(), Type.Null()]),
  parentName: Type.Union([Type.String(), Type.Null()]),
  businessNumber: Type.Union([Type.String(), Type.Null()]),
  businessNumberScheme: Type.Union([Type.String(), Type.Null()]),
  businessNumberVerifiedAt: Type.Union([Type.String(), Type.Null()]),
  memberCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

/** Query of `GET Organisations`. */
export const OrganisationListQuerySchema = Type.Object({ ...PageQueryFields }, { additionalProperties: false });

/** `CreateOrganisationRequest`. */
export const CreateOrganisationRequestSchema = Type.Object(
  {
    name: SafeString({ minLength: 1, maxLength: ORGANISATION_LIMITS.nameMaxLength }),
    type: OrgType(),
    parentId: Type.Optional(Type.Union([Uuid(), Type.Null()])),
    businessNumber: Type.Optional(Type.Union([BusinessNumber(), Type.Null()])),
    businessNumberScheme: Type.Optional(Scheme()),
  },
  { additionalProperties: false },
);

/** `UpdateOrganisationRequest`. */
export const UpdateOrganisationRequestSchema = Type.Object(
  {
    id: Uuid(),
    name: Type.Optional(SafeString({ minLength: 1, maxLength: ORGANISATION_LIMITS.nameMaxLength })),
    type: Type.Optional(OrgType()),
    parentId: Type.Optional(Type.Union([Uuid(), Type.Null()])),
    businessNumber: Type.Optional(Type.Union([BusinessNumber(), Type.Null()])),
    businessNumberScheme: Type.Optional(Scheme()),
  },
  { additionalProperties: false },
);

/** `{types}` of `GET OrganisationTypes`. */
export const OrganisationTypesSchema = Type.Object({ types: Type.Array(Type.String()), businessNumberSchemes: Type.Array(Type.Object({ scheme: Type.String(), label: Type.String() })) });

/** A node of `GET OrganisationTree`. */
export const OrganisationTreeNodeSchema = Type.Recursive((Self) =>
  Type.Object({ id: Type.String(), name: Type.String(), type: Type.String(), children: Type.Array(Self) }, { $id: 'OrganisationTreeNode' }),
);

/** `GET OrganisationTree`. */
export const OrganisationTreeSchema = Type.Object({ tree: Type.Array(OrganisationTreeNodeSchema) });

/** `GET OrganisationParents`: organisations that may be the parent. */
export const OrganisationParentsQuerySchema = Type.Object({ id: Type.Optional(Uuid()) }, { additionalProperties: false });
export const OrganisationParentsSchema = Type.Object({ parents: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })) });

/** Path of `permissions/{orgId}`. */
export const OrgIdParams = Type.Object({ orgId: Uuid() }, { additionalProperties: false });

const PermissionList = () => Type.Array(Permission(), { maxItems: 500, uniqueItems: true });

/** `OrganisationPermissions`. */
export const OrganisationPermissionsSchema = Type.Object({ orgId: Type.String(), permissions: Type.Array(Type.String()), blacklist: Type.Array(Type.String()) });
/** Body of `PUT OrganisationPermissions/{orgId}`. */
export const OrganisationPermissionsBodySchema = Type.Object({ permissions: PermissionList(), blacklist: PermissionList() }, { additionalProperties: false });

/** `POST VerifyBusinessNumber`. */
export const VerifyBusinessNumberRequestSchema = Type.Object({ businessNumber: BusinessNumber(), scheme: Type.Optional(Scheme()) }, { additionalProperties: false });
/** Its answer: a result (an error answers 400 with the verifier's message). */
export const VerifyBusinessNumberResponseSchema = Type.Object({ valid: Type.Literal(true), scheme: Type.String(), businessNumber: Type.String() });
