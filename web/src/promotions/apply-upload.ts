import { postToUploadDoor } from '../api/upload-door.ts';

/** The gateway's upload door of application images (gateway/src/upload/promotion-image.route.ts). */
const APPLY_IMAGE_UPLOAD_PATH = '/upload/promotion-image';

/** Sends one image's bytes to the member's draft; answers its id, or throws an Error whose message is the refusal's key. */
export async function uploadApplyImage(promotionId: number, file: Blob, language: string): Promise<string> {
  const value = await postToUploadDoor<{ imageId: string }>(APPLY_IMAGE_UPLOAD_PATH, 'promotionId', promotionId, file, language);
  return value.imageId;
}
