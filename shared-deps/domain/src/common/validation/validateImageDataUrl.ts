/**
 * Image upload rule (admin-console §5): a data URL of a JPEG, PNG, GIF or BMP image whose bytes start
 * with the header of that format.
 */
import { base64ToBytes } from '../encoding';
import { COMMON_MESSAGES as MESSAGES } from '../messages';

/** The image types accepted, with the leading bytes each format's files start with. */
const IMAGE_HEADERS: Readonly<Record<string, readonly number[][]>> = {
  jpeg: [[0xff, 0xd8, 0xff]],
  png: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  gif: [
    [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
    [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  ],
  bmp: [[0x42, 0x4d]],
};

const DATA_IMAGE = /^data:image\/([a-zA-Z0-9.+-]+)((?:;[^;,]*)*),(.*)$/s;

/**
 * The image type (`jpeg`, `png`, `gif` or `bmp`) and bytes of a data URL that
 * {@link validateImageDataUrl} accepts, or null when it does not.
 */
export function parseImageDataUrl(dataUrl: string): { type: 'jpeg' | 'png' | 'gif' | 'bmp'; bytes: Uint8Array } | null {
  if (validateImageDataUrl(dataUrl) !== null) return null;
  const match = DATA_IMAGE.exec(dataUrl.trim())!;
  const subtype = match[1]!.toLowerCase();
  const type = (subtype === 'jpg' ? 'jpeg' : subtype === 'x-ms-bmp' ? 'bmp' : subtype) as 'jpeg' | 'png' | 'gif' | 'bmp';
  return { type, bytes: base64ToBytes(match[3]!.replace(/\s+/g, '')) };
}

/**
 * The error text for an uploaded image given as a data URL, or null (admin-console §5):
 * 'Please upload an image.' when it is not a `data:image/...` URL, 'Image format not supported.' for a
 * type other than JPEG (also `jpg`), PNG, GIF or BMP, 'Image file is corrupt.' when the data is not
 * base64 or does not start with the header of its declared type.
 */
export function validateImageDataUrl(dataUrl: string): string | null {
  const match = DATA_IMAGE.exec(dataUrl.trim());
  if (!match) return MESSAGES.IMAGE_REQUIRED;
  const subtype = match[1]!.toLowerCase();
  const type = subtype === 'jpg' ? 'jpeg' : subtype === 'x-ms-bmp' ? 'bmp' : subtype;
  const headers = IMAGE_HEADERS[type];
  if (!headers) return MESSAGES.IMAGE_FORMAT_NOT_SUPPORTED;
  if (!/;base64$/i.test(match[2] ?? '')) return MESSAGES.IMAGE_CORRUPT;
  let bytes: Uint8Array;
  try {
    bytes = base64ToBytes(match[3]!.replace(/\s+/g, ''));
  } catch {
    return MESSAGES.IMAGE_CORRUPT;
  }
  const matchesHeader = headers.some((header) => header.every((byte, index) => bytes[index] === byte));
  return matchesHeader ? null : MESSAGES.IMAGE_CORRUPT;
}
