import { randomBytes } from 'node:crypto';
import { APPLY_IMAGE_MAX_BYTES, APPLY_MESSAGES, readImageHeader, type TImageHeader } from '@wl/schemas';
import { fieldFailure } from '../http/errors.ts';

/*
 * What every member image upload shares (docs/0098, docs/0111): the bytes decoded from base64, at
 * most 5 MB, a png or jpg by a header that decodes to a size (never a name or a declared type), and
 * the draft's id. Promotion applications and feedback keep their drafts in tables of their own.
 */

/** An image's bytes and what its header says. */
export type TCheckedImage = { bytes: Buffer; header: TImageHeader };

/** Decodes and checks one uploaded image; refuses (field `file`) one too large or not a png or jpg by its header. */
export function checkedImage(base64: string): TCheckedImage {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > APPLY_IMAGE_MAX_BYTES) throw fieldFailure('file', APPLY_MESSAGES.imageTooLarge, { max: APPLY_IMAGE_MAX_BYTES });
  const header = readImageHeader(bytes);
  if (header === null) throw fieldFailure('file', APPLY_MESSAGES.imageWrongType);
  return { bytes, header };
}

/** A draft image's id: 24 url-safe characters (18 random bytes). */
export const newImageId = (): string => randomBytes(18).toString('base64url');

/** The row of a draft image as the upload answers it. */
export const imageAnswer = (id: string, image: TCheckedImage) => ({
  imageId: id,
  contentType: image.header.contentType,
  sizeBytes: image.bytes.length,
  width: image.header.width,
  height: image.header.height,
});

/** The columns every image table shares (promotion_application_images, feedback_images), from a checked image. */
export const imageColumns = (image: TCheckedImage) => ({
  content_type: image.header.contentType,
  width: image.header.width,
  height: image.header.height,
  size_bytes: image.bytes.length,
  bytes: image.bytes,
});
