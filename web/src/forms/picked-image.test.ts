import { describe, expect, it } from 'vitest';
import { tinyJpeg, tinyPng } from '@wl/schemas/domain/image-samples';
import { pickedFileRefusal } from './picked-image.ts';

describe('a picked file, before it is sent', () => {
  it('takes a PNG or JPEG by its header, refuses a PDF named png and anything over 5 MB', async () => {
    expect(await pickedFileRefusal(new Blob([tinyPng(2, 2)]))).toBeNull();
    expect(await pickedFileRefusal(new Blob([tinyJpeg(2, 2)]))).toBeNull();
    expect(await pickedFileRefusal(new Blob(['%PDF-1.7 renamed.png']))).toBe('promotion_apply_image_wrong_type');
    expect(await pickedFileRefusal(new Blob([tinyPng(2, 2, 5 * 1024 * 1024)]))).toBe('promotion_apply_image_too_large');
  });
});
