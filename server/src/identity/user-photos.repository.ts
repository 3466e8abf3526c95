/** Kysely queries of `user_photos`. Every query is scoped to a tenant. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database';

/** A stored photo. */
export interface UserPhotoRow {
  user_id: string;
  mime_type: string;
  image: Buffer;
  thumbnail_mime_type: string;
  thumbnail: Buffer;
  updated_at: Date;
}

/** The photo of a user of the tenant. */
export async function find(db: DbOrTrx, tenantId: string, userId: string): Promise<UserPhotoRow | undefined> {
  return db
    .selectFrom('user_photos')
    .select(['user_id', 'mime_type', 'image', 'thumbnail_mime_type', 'thumbnail', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Stores (or replaces) a user's photo and thumbnail. */
export async function upsert(db: DbOrTrx, row: { user_id: string; tenant_id: string; mime_type: string; image: Buffer; thumbnail_mime_type: string; thumbnail: Buffer }): Promise<Date> {
  const saved = await db
    .insertInto('user_photos')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        mime_type: row.mime_type,
        image: row.image,
        thumbnail_mime_type: row.thumbnail_mime_type,
        thumbnail: row.thumbnail,
        updated_at: sql<Date>`now()`,
      }),
    )
    .returning('updated_at')
    .executeTakeFirstOrThrow();
  return saved.updated_at;
}

/** Removes a user's photo; whether there was one. */
export async function remove(db: DbOrTrx, tenantId: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('user_photos').where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
