/** Types of `pngjs` (it ships none), as far as the card rendering tests read a PNG's pixels. */
declare module 'pngjs' {
  /** A decoded PNG: `data` holds 4 bytes a pixel, R, G, B, A. */
  export interface DecodedPng {
    width: number;
    height: number;
    data: Buffer;
  }
  export const PNG: { sync: { read(buffer: Buffer): DecodedPng } };
}
