import type { Generated } from 'kysely';

/** `user_photos`: a user's photo (admin-console §5 image rules) and its thumbnail. */
export interface UserPhotosTable {
  user_id: string;
  tenant_id: string;
  mime_type: string;
  image: Buffer;
  thumbnail_mime_type: string;
  thumbnail: Buffer;
  updated_at: Generated<Date>;
}
