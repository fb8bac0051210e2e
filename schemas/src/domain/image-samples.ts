/*
 * Small valid image headers for tests (platform, gateway, web): a PNG of the given size and a JPEG
 * whose frame header says it; each padded with `padBytes` zero bytes (to make a file of a size).
 */

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** The PNG signature and an IHDR chunk (8-bit RGBA); the rest is padding. */
export function tinyPng(width: number, height: number, padBytes = 0): Uint8Array<ArrayBuffer> {
  const head = [
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...be32(13),
    0x49,
    0x48,
    0x44,
    0x52,
    ...be32(width),
    ...be32(height),
    8,
    6,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ];
  const out = new Uint8Array(head.length + padBytes);
  out.set(head);
  return out;
}

/** SOI, an APP0 segment and a baseline frame header of the given size; the rest is padding. */
export function tinyJpeg(width: number, height: number, padBytes = 0): Uint8Array<ArrayBuffer> {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof = [0xff, 0xc0, 0x00, 0x0b, 0x08, (height >> 8) & 255, height & 255, (width >> 8) & 255, width & 255, 0x01, 0x01, 0x11, 0x00];
  const head = [0xff, 0xd8, ...app0, ...sof];
  const out = new Uint8Array(head.length + padBytes);
  out.set(head);
  return out;
}
