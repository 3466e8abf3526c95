/**
 * User photos (issue 13; admin-console §5 "Image upload"): a JPEG, PNG, GIF or BMP data URL whose bytes
 * start with its type's header, at most 10 MB (signin §5), stored with a JPEG thumbnail. Changing a photo
 * needs userEdit, or selfServicePortal on one's own (signin §6); reading needs userView or one's own.
 */
import { MESSAGES, parseImageDataUrl, validateFileSize, validateImageDataUrl, type UserPhoto } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import { ForbiddenError, NotFoundError, ValidationError } from '../platform/errors';
import type { AuthContext } from '../platform/types';
import type { Actor } from './users.service';
import * as users from './users.repository';
import * as photos from './user-photos.repository';
import { ImageDecodeError, makeThumbnail } from './photo-thumbnail';

/** What the photo service needs. */
export interface UserPhotosDeps {
  db: Db;
  audit: AuditWriter;
}


// PGlite answers bytea as a Uint8Array, PostgreSQL as a Buffer: copy into a Buffer either way.
const dataUrl = (mimeType: string, bytes: Uint8Array) => `data:${mimeType};base64,${Buffer.from(bytes).toString('base64')}`;

function requireSelfOr(auth: AuthContext, userId: string, permission: 'userEdit' | 'userView'): void {
  if (auth.permissions?.has(permission)) return;
  if (auth.permissions?.has('selfServicePortal') && auth.userId === userId) return;
  throw new ForbiddenError();
}

async function requireUser(db: Db, tenantId: string, userId: string): Promise<void> {
  if (!(await users.findById(db, tenantId, userId))) throw new NotFoundError('The user');
}

/** Stores (or replaces) a user's photo and its thumbnail; audited `user.photo`. */
export async function setUserPhoto(deps: UserPhotosDeps, auth: AuthContext, actor: Actor, body: { userId: string; image: string }): Promise<UserPhoto> {
  requireSelfOr(auth, body.userId, 'userEdit');
  const problem = validateImageDataUrl(body.image);
  if (problem) throw new ValidationError('image', problem, { exact: true });
  const { type, bytes } = parseImageDataUrl(body.image)!;
  const tooLarge = validateFileSize(bytes.length);
  if (tooLarge) throw new ValidationError('image', tooLarge, { exact: true });
  await requireUser(deps.db, auth.tenantId, body.userId);
  const image = Buffer.from(bytes);
  let thumbnail: { mimeType: string; data: Buffer };
  try {
    thumbnail = await makeThumbnail(image, type);
  } catch (error) {
    if (error instanceof ImageDecodeError) throw new ValidationError('image', MESSAGES.IMAGE_CORRUPT, { exact: true, cause: error });
    throw error;
  }
  const mimeType = `image/${type}`;
  const updatedAt = await deps.db.transaction().execute(async (trx) => {
    const at = await photos.upsert(trx, { user_id: body.userId, tenant_id: auth.tenantId, mime_type: mimeType, image, thumbnail_mime_type: thumbnail.mimeType, thumbnail: thumbnail.data });
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'user.photo', targetType: 'user', targetId: body.userId, detail: { mimeType, bytes: image.length } });
    return at;
  });
  return { userId: body.userId, thumbnail: dataUrl(thumbnail.mimeType, thumbnail.data), updatedAt: updatedAt.toISOString() };
}

/** A user's photo (the thumbnail, and the image when `full`); 404 when the user has none. */
export async function getUserPhoto(deps: UserPhotosDeps, auth: AuthContext, userId: string, full: boolean): Promise<UserPhoto> {
  requireSelfOr(auth, userId, 'userView');
  const row = await photos.find(deps.db, auth.tenantId, userId);
  if (!row) throw new NotFoundError('The photo');
  return {
    userId,
    thumbnail: dataUrl(row.thumbnail_mime_type, row.thumbnail),
    ...(full ? { image: dataUrl(row.mime_type, row.image) } : {}),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Removes a user's photo; audited `user.photo.delete`. */
export async function deleteUserPhoto(deps: UserPhotosDeps, auth: AuthContext, actor: Actor, userId: string): Promise<void> {
  requireSelfOr(auth, userId, 'userEdit');
  await deps.db.transaction().execute(async (trx) => {
    if (!(await photos.remove(trx, auth.tenantId, userId))) throw new NotFoundError('The photo');
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'user.photo.delete', targetType: 'user', targetId: userId, detail: {} });
  });
}
