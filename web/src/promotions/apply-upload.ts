import { APPLY_IMAGE_MAX_BYTES, APPLY_MESSAGES } from '@wl/schemas/domain/promotion-apply';
import { readImageHeader } from '@wl/schemas/domain/image-header';
import { postToUploadDoor } from '../api/upload-door.ts';

/** The gateway's upload door of application images (gateway/src/upload/promotion-image.route.ts). */
const APPLY_IMAGE_UPLOAD_PATH = '/upload/promotion-image';

/** Why a picked file is refused before it is sent (the server checks again), or null. Reads only its first 64 KB. */
export async function pickedFileRefusal(file: Blob): Promise<string | null> {
  if (file.size > APPLY_IMAGE_MAX_BYTES) return APPLY_MESSAGES.imageTooLarge;
  const head = new Uint8Array(await file.slice(0, 65_536).arrayBuffer());
  return readImageHeader(head) === null ? APPLY_MESSAGES.imageWrongType : null;
}

/** Sends one image's bytes to the member's draft; answers its id, or throws an Error whose message is the refusal's key. */
export async function uploadApplyImage(promotionId: number, file: Blob, language: string): Promise<string> {
  const value = await postToUploadDoor<{ imageId: string }>(APPLY_IMAGE_UPLOAD_PATH, 'promotionId', promotionId, file, language);
  return value.imageId;
}
