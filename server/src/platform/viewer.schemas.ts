/**
 * TypeBox schemas of the viewer (`Viewer`, `PermissionObject`, `TenancyInfo` of `@tessera/domain`):
 * answered by the sign-in area (login, GET /api/login) and the identity area alike.
 */
import { Type } from '@sinclair/typebox';

/** `PermissionObject`. */
export const PermissionObjectSchema = Type.Object({
  View: Type.Array(Type.String()),
  Menu: Type.Array(Type.String()),
  activeMenu: Type.Array(Type.String()),
  api: Type.Array(Type.String()),
  roles: Type.Array(Type.String()),
  isManager: Type.Boolean(),
});

/** `TenancyInfo`. */
export const TenancyInfoSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  bannerColour: Type.Union([Type.String(), Type.Null()]),
  toastrTimeout: Type.Union([Type.Integer(), Type.Null()]),
  supportEmail: Type.String(),
});

/** `Viewer` (GET /api/login). */
export const ViewerSchema = Type.Object({
  id: Type.String(),
  username: Type.String(),
  names: Type.Object({ givenName: Type.String(), familyName: Type.String(), displayName: Type.String() }),
  emailAddress: Type.String(),
  telephoneNumber: Type.Union([Type.String(), Type.Null()]),
  organisation: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String()),
  allRoles: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  allOrgs: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  allSponsors: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  permission: PermissionObjectSchema,
  tenant: TenancyInfoSchema,
});
