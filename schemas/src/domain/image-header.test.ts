import { describe, expect, it } from 'vitest';
import { readImageHeader } from './image-header.ts';
import { tinyJpeg, tinyPng } from './image-samples.ts';

describe('readImageHeader', () => {
  it('reads the type and size of a PNG and a JPEG from their bytes', () => {
    expect(readImageHeader(tinyPng(3, 2))).toEqual({ contentType: 'image/png', width: 3, height: 2 });
    expect(readImageHeader(tinyJpeg(5, 4))).toEqual({ contentType: 'image/jpeg', width: 5, height: 4 });
  });

  it('refuses a PDF, a bare signature, a zero size and a header cut short', () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
    const png = tinyPng(3, 2);
    const bareSignature = png.slice(0, 8);
    const zero = tinyPng(0, 2);
    const badDepth = png.slice();
    badDepth[24] = 3;
    expect([pdf, bareSignature, zero, badDepth, tinyJpeg(5, 4).slice(0, 12), new Uint8Array([0xff, 0xd8, 0xff, 0xd9])].map(readImageHeader)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
