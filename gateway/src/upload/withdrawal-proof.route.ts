import type { FastifyInstance } from 'fastify';
import { PROOF_MAX_BYTES, WITHDRAW_MESSAGES, WITHDRAW_PROOF_UPLOAD_CALLS, sniffProofType } from '@wl/schemas';
import { registerImageDoor, type TImageDoorDeps } from './image-door.ts';

/** The upload door of proof files (docs/0029): one raw file per POST, `?withdrawalId=`. */
export const PROOF_UPLOAD_PATH = '/upload/withdrawal-proof';

/**
 * POST /upload/withdrawal-proof?withdrawalId=<id>: > 5 MB is refused before it is read (413
 * proof_too_large), a type other than png/jpeg by its first bytes (415 proof_wrong_type); the
 * platform checks owner, state, size, type and the count of 3 itself.
 */
export async function registerProofUpload(app: FastifyInstance, deps: TImageDoorDeps): Promise<void> {
  await registerImageDoor(app, deps, {
    path: PROOF_UPLOAD_PATH,
    idParam: 'withdrawalId',
    maxBytes: PROOF_MAX_BYTES,
    call: WITHDRAW_PROOF_UPLOAD_CALLS.uploadProof,
    input: (withdrawalId, base64) => ({ withdrawalId, base64 }),
    isImage: (bytes) => sniffProofType(bytes) !== null,
    rateLimit: 'proofUpload',
    messages: { tooLarge: WITHDRAW_MESSAGES.proofTooLarge, wrongType: WITHDRAW_MESSAGES.proofWrongType },
  });
}
