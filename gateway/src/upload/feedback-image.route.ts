import type { FastifyInstance } from 'fastify';
import { APPLY_IMAGE_MAX_BYTES, APPLY_MESSAGES, FEEDBACK_IMAGE_UPLOAD_CALLS, readImageHeader } from '@wl/schemas';
import { registerImageDoor, type TImageDoorDeps } from './image-door.ts';

/** A member's image of a feedback, to its draft (docs/0111): no id, the feedback does not exist yet. */
export const FEEDBACK_IMAGE_UPLOAD_PATH = '/upload/feedback-image';

/** The feedback's image door: raw bytes, at most 5 MB, a png or jpg by a header that decodes, as a promotion application's (docs/0098). */
export async function registerFeedbackImageUpload(app: FastifyInstance, deps: TImageDoorDeps): Promise<void> {
  await registerImageDoor(app, deps, {
    path: FEEDBACK_IMAGE_UPLOAD_PATH,
    idParam: null,
    maxBytes: APPLY_IMAGE_MAX_BYTES,
    isImage: (bytes) => readImageHeader(bytes) !== null,
    rateLimit: 'imageUpload',
    call: FEEDBACK_IMAGE_UPLOAD_CALLS.uploadImage,
    input: (_id, base64) => ({ base64 }),
    messages: { tooLarge: APPLY_MESSAGES.imageTooLarge, wrongType: APPLY_MESSAGES.imageWrongType },
  });
}
