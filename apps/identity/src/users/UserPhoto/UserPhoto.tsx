import { useId, useState } from 'react';
import { Text } from '@primer/react';
import { MESSAGES, validateFileSize, validateImageDataUrl, type UserPhoto as Photo } from '@tessera/domain';
import { useAction, useLoad } from '../../requests/useRequest';

/** Props of {@link UserPhoto}. */
export interface UserPhotoProps {
  userId: string;
  /** The user's name, for the image's alternative text. */
  name: string;
  /** Whether the user has a photo (the user record's `hasPhoto`). */
  hasPhoto: boolean;
  /** Whether the viewer may change it (userEdit, or selfServicePortal on oneself). */
  canEdit: boolean;
}

const TOAST = { title: 'Users', success: MESSAGES.USER_PHOTO_SAVED };

function Thumbnail({ src, name }: { src: string; name: string }) {
  return <img src={src} alt={`Photo of ${name}`} style={{ maxWidth: 128, maxHeight: 128, borderRadius: 6 }} />;
}

/** The stored thumbnail, loaded when the user has a photo. */
function StoredThumbnail({ userId, name }: { userId: string; name: string }) {
  const photo = useLoad<Photo>(`user:photo:${userId}`, 'getUserPhoto', [userId]);
  if (photo.data?.userId !== userId) return <Text as="p">{photo.failure ? photo.failure.message : 'Loading photo…'}</Text>;
  return <Thumbnail src={photo.data.thumbnail} name={name} />;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * A user's photo as a thumbnail, and an upload that checks the image rules of admin-console §5 ('Please
 * upload an image.', 'Image format not supported.', 'Image file is corrupt.') and the 10 MB file size
 * (signin §5) before sending; the server checks them again and makes the thumbnail.
 */
export function UserPhoto({ userId, name, hasPhoto, canEdit }: UserPhotoProps) {
  const inputId = useId();
  const upload = useAction<Photo>(`users:photo:upload:${userId}`, 'setUserPhoto', TOAST);
  const [localError, setLocalError] = useState<string | null>(null);
  const error = localError ?? upload.failure?.message ?? null;
  return (
    <section aria-label="Photo" style={{ marginBottom: 'var(--base-size-16, 16px)' }}>
      {upload.successes > 0 && upload.data ? (
        <Thumbnail src={upload.data.thumbnail} name={name} />
      ) : hasPhoto ? (
        <StoredThumbnail userId={userId} name={name} />
      ) : (
        <Text as="p">No photo</Text>
      )}
      {canEdit ? (
        <div>
          <label htmlFor={inputId}>Upload photo</label>{' '}
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/bmp"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              const tooLarge = validateFileSize(file.size);
              if (tooLarge) return setLocalError(tooLarge);
              const image = await readAsDataUrl(file);
              const problem = validateImageDataUrl(image);
              if (problem) return setLocalError(problem);
              setLocalError(null);
              upload.run({ userId, image });
            }}
          />
          {error ? (
            <Text as="p" id={`${inputId}-error`} role="alert" style={{ color: 'var(--fgColor-danger, #d1242f)' }}>
              {error}
            </Text>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
