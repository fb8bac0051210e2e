import type { TProofContentType } from './proof.ts';

/*
 * An image judged by its bytes (docs/0098): the magic bytes of PNG or JPEG and a header that decodes
 * to a width and a height. A file named .png that is a PDF, or a PNG signature on garbage, is none.
 * No zod here: the web's apply form imports it to say so before uploading.
 */

export type TImageHeader = { contentType: TProofContentType; width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_BIT_DEPTHS = [1, 2, 4, 8, 16];
const PNG_COLOUR_TYPES = [0, 2, 3, 4, 6];
/** JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry the size. */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Larger than any real image a member sends; a header claiming more is refused. */
const MAX_SIDE = 65_535;

const u16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32 = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const sized = (contentType: TProofContentType, width: number, height: number): TImageHeader | null =>
  width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE ? { contentType, width, height } : null;

/** PNG: the signature, then an IHDR chunk of 13 bytes with a size, a bit depth and a colour type PNG allows. */
function pngHeader(b: Uint8Array): TImageHeader | null {
  if (b.length < 33 || !PNG_SIGNATURE.every((x, i) => b[i] === x)) return null;
  const ihdr = String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!);
  if (u32(b, 8) !== 13 || ihdr !== 'IHDR') return null;
  if (!PNG_BIT_DEPTHS.includes(b[24]!) || !PNG_COLOUR_TYPES.includes(b[25]!)) return null;
  return sized('image/png', u32(b, 16), u32(b, 20));
}

/** JPEG: FF D8, then marker segments walked by their lengths up to a start-of-frame with a size. */
function jpegHeader(b: Uint8Array): TImageHeader | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    const length = u16(b, i + 2);
    if (length < 2) return null;
    if (JPEG_SOF.has(marker)) return i + 9 <= b.length && length >= 7 ? sized('image/jpeg', u16(b, i + 7), u16(b, i + 5)) : null;
    i += 2 + length;
  }
  return null;
}

/** The image's type and size read from its bytes, or null when they are not a PNG or JPEG header. */
export function readImageHeader(bytes: Uint8Array): TImageHeader | null {
  return pngHeader(bytes) ?? jpegHeader(bytes);
}
