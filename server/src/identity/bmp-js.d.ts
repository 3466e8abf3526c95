/** Types of `bmp-js` (it ships none): the decoder the photo thumbnail uses for BMP, which sharp does not read. */
declare module 'bmp-js' {
  /** A decoded bitmap: `data` holds 4 bytes a pixel in A, B, G, R order. */
  export interface DecodedBmp {
    width: number;
    height: number;
    data: Buffer;
  }
  export function decode(buffer: Buffer): DecodedBmp;
  const bmp: { decode: typeof decode };
  export default bmp;
}
