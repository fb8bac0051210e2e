import { APPLY_IMAGE_MAX_BYTES, APPLY_MESSAGES } from '@wl/schemas/domain/promotion-apply';
import { readImageHeader } from '@wl/schemas/domain/image-header';

/** Why a picked file is refused before it is sent (the server checks again), or null. Reads only its first 64 KB (docs/0098). */
export async function pickedFileRefusal(file: Blob): Promise<string | null> {
  if (file.size > APPLY_IMAGE_MAX_BYTES) return APPLY_MESSAGES.imageTooLarge;
  const head = new Uint8Array(await file.slice(0, 65_536).arrayBuffer());
  return readImageHeader(head) === null ? APPLY_MESSAGES.imageWrongType : null;
}
