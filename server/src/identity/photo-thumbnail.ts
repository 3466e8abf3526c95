/**
 * The thumbnail of a user photo (admin-console §5 image upload; issue 13): sharp (libvips, prebuilt
 * binaries from npm) reads JPEG, PNG and GIF; BMP, which libvips does not read, is decoded by bmp-js to
 * raw pixels first. The thumbnail is a JPEG of at most {@link THUMBNAIL_SIZE_PX} on its longer side.
 */
import bmp from 'bmp-js';
import sharp from 'sharp';

/** Longer side of a thumbnail, in pixels (designed). */
export const THUMBNAIL_SIZE_PX = 128;

/** Largest image, in pixels, the server decodes (sharp's guard against decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;

/** The bytes could not be decoded as the image type they claim. */
export class ImageDecodeError extends Error {
  readonly code = 'IMAGE_DECODE';
  constructor(cause: unknown) {
    super('The image could not be decoded', { cause });
  }
}

/** sharp's input for the image: BMP decoded to raw RGB, other types as they are. */
function input(bytes: Buffer, type: string): sharp.Sharp {
  if (type !== 'bmp') return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
  const decoded = bmp.decode(bytes);
  if (decoded.width * decoded.height > MAX_INPUT_PIXELS) throw new Error(`BMP of ${decoded.width}x${decoded.height} pixels is too large`);
  const rgb = Buffer.alloc(decoded.width * decoded.height * 3);
  for (let i = 0, o = 0; i < decoded.data.length; i += 4, o += 3) {
    rgb[o] = decoded.data[i + 3]!;
    rgb[o + 1] = decoded.data[i + 2]!;
    rgb[o + 2] = decoded.data[i + 1]!;
  }
  return sharp(rgb, { raw: { width: decoded.width, height: decoded.height, channels: 3 } });
}

/** A JPEG thumbnail of the image (`type`: jpeg, png, gif or bmp). Throws {@link ImageDecodeError} when the bytes do not decode. */
export async function makeThumbnail(bytes: Buffer, type: string): Promise<{ mimeType: 'image/jpeg'; data: Buffer }> {
  try {
    const data = await input(bytes, type)
      .rotate()
      .resize(THUMBNAIL_SIZE_PX, THUMBNAIL_SIZE_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { mimeType: 'image/jpeg', data };
  } catch (error) {
    throw new ImageDecodeError(error);
  }
}
