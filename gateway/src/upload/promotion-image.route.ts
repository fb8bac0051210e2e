import type { FastifyInstance } from 'fastify';
import {
  APPLY_IMAGE_MAX_BYTES,
  APPLY_MESSAGES,
  OPERATOR_PROMOTION_BANNER_CALLS,
  OPERATOR_PROMOTION_MESSAGES,
  PROMOTION_IMAGE_UPLOAD_CALLS,
  readImageHeader,
} from '@wl/schemas';
import { registerImageDoor, type TImageDoorDeps } from './image-door.ts';

/** A member's image of a manual-apply application, to the draft (docs/0098): `?promotionId=`. */
export const APPLY_IMAGE_UPLOAD_PATH = '/upload/promotion-image';
/** An operator's banner of a promotion (docs/0098): `?promotionId=`. */
export const PROMOTION_BANNER_UPLOAD_PATH = '/upload/promotion-banner';

/** What both doors share: the promotion named in the query, 5 MB, an image by its header, one rate limit. */
const PROMOTION_DOOR = {
  idParam: 'promotionId',
  maxBytes: APPLY_IMAGE_MAX_BYTES,
  isImage: (bytes: Buffer) => readImageHeader(bytes) !== null,
  rateLimit: 'imageUpload',
} as const;

/**
 * The two image doors of promotions: raw bytes (never base64 in a tRPC body, whose limit stays
 * 256 KB), at most 5 MB, a png or jpg by a header that decodes; the platform checks them again.
 */
export async function registerPromotionImageUploads(app: FastifyInstance, deps: TImageDoorDeps): Promise<void> {
  await registerImageDoor(app, deps, {
    ...PROMOTION_DOOR,
    path: APPLY_IMAGE_UPLOAD_PATH,
    call: PROMOTION_IMAGE_UPLOAD_CALLS.uploadImage,
    input: (promotionId, base64) => ({ promotionId, base64 }),
    messages: { tooLarge: APPLY_MESSAGES.imageTooLarge, wrongType: APPLY_MESSAGES.imageWrongType },
  });
  await registerImageDoor(app, deps, {
    ...PROMOTION_DOOR,
    path: PROMOTION_BANNER_UPLOAD_PATH,
    call: OPERATOR_PROMOTION_BANNER_CALLS.setPromotionBanner,
    input: (id, base64) => ({ id, base64 }),
    messages: { tooLarge: APPLY_MESSAGES.imageTooLarge, wrongType: OPERATOR_PROMOTION_MESSAGES.bannerWrongType },
  });
}
