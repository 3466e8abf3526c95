import type { UpdateUserRequest, UserSummary } from '@tessera/domain';
import { compactCategories, type UserFormValue } from './UserFields';

/** The form values of a stored user. */
export function formOfUser(user: UserSummary): UserFormValue {
  return {
    username: user.username,
    givenName: user.givenName,
    familyName: user.familyName,
    emailAddress: user.emailAddress,
    telephoneNumber: user.telephoneNumber ?? '',
    country: user.country,
    organisationId: user.organisationId,
    roleIds: [...user.roleIds],
    categories: user.categories,
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The update of `user` to `value`: only the fields that changed (so a self-service editor, who may change
 * only names, e-mail and telephone, sends only those; signin §6).
 */
export function userChanges(user: UserSummary, value: UserFormValue): UpdateUserRequest {
  const out: UpdateUserRequest = { id: user.id };
  if (value.username.trim() !== user.username) out.username = value.username.trim();
  if (value.givenName !== user.givenName) out.givenName = value.givenName;
  if (value.familyName !== user.familyName) out.familyName = value.familyName;
  if (value.emailAddress.trim() !== user.emailAddress) out.emailAddress = value.emailAddress.trim();
  if (value.telephoneNumber !== (user.telephoneNumber ?? '')) out.telephoneNumber = value.telephoneNumber || null;
  if (value.country !== user.country) out.country = value.country;
  if (value.organisationId !== user.organisationId) out.organisationId = value.organisationId;
  if (!sameSet(value.roleIds, user.roleIds)) out.roleIds = value.roleIds;
  const before = compactCategories(user.categories);
  const after = compactCategories(value.categories);
  const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (changed.length > 0) out.categories = Object.fromEntries(changed.map((k) => [k, after[k]]));
  return out;
}
